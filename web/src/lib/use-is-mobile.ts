import { MOBILE_BREAKPOINT_PX } from "@/lib/sidebar-state";
import { useMediaQuery } from "@/lib/use-media-query";

/** True below the 768 px breakpoint, where the sidebar becomes an off-canvas drawer. */
export function useIsMobile() {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
}
