import { postgrestErrorSchema } from "@app/contracts";
import { describeApiError } from "@/lib/api-errors";

/** Why issuing was refused: the server's words, and each missing field it lists ("Missing: a; b"). */
export function issueProblem(error: unknown): { message: string; missing: string[] } {
  const parsed = postgrestErrorSchema.safeParse((error as { body?: unknown } | null)?.body);
  const details = parsed.success ? (parsed.data.details ?? "") : "";
  const missing = details.startsWith("Missing: ")
    ? details.slice("Missing: ".length).split("; ").filter(Boolean)
    : [];
  return { message: describeApiError(error), missing };
}
