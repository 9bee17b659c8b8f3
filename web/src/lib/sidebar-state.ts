/** The sidebar's open state survives reloads for 7 days in this cookie. */
export const SIDEBAR_COOKIE_NAME = "sidebar:state";
const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
export const MOBILE_BREAKPOINT_PX = 768;

/** Reads the remembered state; the sidebar is open unless the cookie says otherwise. */
export function readSidebarOpen(cookie: string = document.cookie): boolean {
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === SIDEBAR_COOKIE_NAME) return value !== "false";
  }
  return true;
}

export function writeSidebarOpen(isOpen: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec requires a cookie; Cookie Store API is not in every browser we support.
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${isOpen}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
