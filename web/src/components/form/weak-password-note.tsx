import type { WeakPasswordReason } from "@app/auth-client";

const REASON_TEXT: Record<WeakPasswordReason, string> = {
  length: "It is too short or too long.",
  characters: "It needs a wider mix of characters.",
  pwned: "It is a common password that is easy to guess.",
};

/**
 * The server's weak_password answer next to a password field (sign-up, password change): its own message,
 * then each reason it gave.
 */
export function WeakPasswordNote({
  id,
  message,
  reasons,
}: {
  id: string;
  message: string;
  reasons: WeakPasswordReason[];
}) {
  return (
    <div id={id} className="grid gap-1 text-sm text-error-text">
      <p>{message || "Please choose a stronger password."}</p>
      {reasons.length > 0 ? (
        <ul className="list-disc pl-5" aria-label="Why the password was refused">
          {reasons.map((reason) => (
            <li key={reason} data-reason={reason}>
              {REASON_TEXT[reason]}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
