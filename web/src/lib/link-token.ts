/**
 * The token of a mailed single-use link (`/sign#token=…`, `/approve#token=…`): it lives in the fragment,
 * which browsers never send to a server or write to its logs.
 */
export function tokenFromFragment() {
  return new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";
}
