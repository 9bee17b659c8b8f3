/** A person as the back office names them: their full name when they gave one, else their address. */
export function displayName(fullName: unknown, email: string) {
  return typeof fullName === "string" && fullName.trim() ? fullName.trim() : email;
}
