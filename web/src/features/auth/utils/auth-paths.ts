/**
 * Where an invitation mail's link lands (the server's verify redirect for `type=invite` names it):
 * the invited colleague chooses a password there before entering the back office.
 */
export const SET_PASSWORD_PATH = "/auth/set-password";
