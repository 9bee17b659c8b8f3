import { type QueryKey, useQueryClient } from "@tanstack/react-query";
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

/** A burst of changes (an import, a board reordered) refetches once, not once per row. */
const SETTLE_MS = 150;

/**
 * Refetches the screen's reads when a colleague (or an integration) changes one of `tables`. React Query
 * keeps showing the current rows until the new ones arrive, so nothing flickers or shows twice.
 */
export function useLiveTables(tables: readonly string[], queryKeys: readonly QueryKey[]) {
  const live = useContext(LiveContext);
  const queryClient = useQueryClient();
  const tablesKey = tables.join(",");
  const keysKey = JSON.stringify(queryKeys);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lists are compared by their contents
  useEffect(() => {
    if (!live) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = live.watch(tables, () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
      }, SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [live, queryClient, tablesKey, keysKey]);
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
