import type {
  AuthChangeEvent,
  BroadcastChannelConstructor,
  BroadcastChannelLike,
  Session,
  StorageEventSource,
} from "./types";

export interface SessionMessage {
  type: "session";
  event: AuthChangeEvent;
  session: Session | null;
}

function isSessionMessage(value: unknown): value is SessionMessage {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "session";
}

/**
 * Tells other tabs about every session change and hears theirs. The BroadcastChannel is the fast path; the
 * `storage` event covers browsers or contexts without it. Both may report one change; the receiver dedupes.
 */
export function createCrossTab(options: {
  channelName: string;
  storageKey: string;
  BroadcastChannel: BroadcastChannelConstructor | null;
  storageEvents: StorageEventSource | null;
  onMessage: (message: SessionMessage) => void;
  onStorageChange: () => void;
}) {
  let channel: BroadcastChannelLike | null = null;
  if (options.BroadcastChannel) {
    try {
      channel = new options.BroadcastChannel(options.channelName);
      channel.onmessage = (event) => {
        if (isSessionMessage(event.data)) options.onMessage(event.data);
      };
    } catch {
      channel = null;
    }
  }

  const onStorage = (event: StorageEvent) => {
    // key null means the whole storage was cleared, which includes our session.
    if (event.key === options.storageKey || event.key === null) options.onStorageChange();
  };
  options.storageEvents?.addEventListener("storage", onStorage);

  return {
    post(message: SessionMessage): void {
      try {
        channel?.postMessage(message);
      } catch {
        // A closed channel only costs the fast path; the storage event still arrives.
      }
    },
    close(): void {
      options.storageEvents?.removeEventListener("storage", onStorage);
      channel?.close();
      channel = null;
    },
  };
}
