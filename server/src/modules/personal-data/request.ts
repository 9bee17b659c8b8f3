import { personalDataRequestSchema } from "@app/contracts";

/** An address as requests match it: trimmed and lower-cased (as auth stores them). */
export const normaliseAddress = (email: string) => email.trim().toLowerCase();

/** The CLI's --email, checked as the API checks its body; a plain Error names what is wrong. */
export function parseAddress(value: string | undefined): string {
  const parsed = personalDataRequestSchema.safeParse({ email: value ?? "" });
  if (!parsed.success) throw new Error(`--email: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return normaliseAddress(parsed.data.email);
}
