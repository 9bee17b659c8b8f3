import { postgrestErrorSchema } from "@app/contracts";
import { describeApiError } from "@/lib/api-errors";

/**
 * A refused move in a person's words: the server's message and, when it lists what is wrong (a send
 * refused for a missing signer or an empty required variable), each problem on its own line.
 */
export function problemsOf(error: unknown): { message: string; problems: string[] } {
  const body = postgrestErrorSchema.safeParse((error as { body?: unknown } | null)?.body);
  const details = body.success && body.data.code === "23514" ? (body.data.details ?? "") : "";
  return {
    message: describeApiError(error),
    problems: details
      .split("; ")
      .map((problem) => problem.trim())
      .filter(Boolean),
  };
}
