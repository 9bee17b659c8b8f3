import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { createLiveUpdates, type Editor, type LiveStatus, type LiveUpdates } from "@/lib/live/live-updates";
import { connectRealtime } from "@/lib/live/realtime-socket";

const LiveContext = createContext<LiveUpdates | null>(null);

/** The back office's one live layer; screens outside it (tests, the public site) simply do not update live. */
export function LiveUpdatesProvider({ children }: { children: ReactNode }) {
  const [live] = useState(() => createLiveUpdates(connectRealtime));
  useEffect(() => () => live.close(), [live]);
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}

/** Everyone else with this record open in an editor right now. */
export function useOtherEditors(table: string, id: string | undefined, me: Editor | null): Editor[] {
  const live = useContext(LiveContext);
  const [others, setOthers] = useState<Editor[]>([]);
  const userId = me?.userId;
  const name = me?.name;
  useEffect(() => {
    if (!live || !id || !userId || !name) return;
    const stop = live.editing(table, id, { userId, name }, setOthers);
    return () => {
      stop();
      setOthers([]);
    };
  }, [live, table, id, userId, name]);
  return others;
}

const idle = () => () => {};

/** Whether the live layer is connected, for the header's quiet "Reconnecting…". */
export function useLiveStatus(): LiveStatus {
  const live = useContext(LiveContext);
  return useSyncExternalStore(
    live ? live.onStatus : idle,
    () => live?.status() ?? "idle",
    () => "idle",
  );
}
