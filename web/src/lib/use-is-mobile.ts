import { useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT_PX } from "@/lib/sidebar-state";

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== "function") return () => {};
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

function getSnapshot() {
  // jsdom has no matchMedia; treat it as a desktop screen.
  return typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}

/** True below the 768 px breakpoint, where the sidebar becomes an off-canvas drawer. */
export function useIsMobile() {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
