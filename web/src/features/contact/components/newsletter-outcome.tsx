import { NEWSLETTER_OUTCOME_PARAM, newsletterOutcomeSchema } from "@app/contracts";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useSearchParams } from "react-router-dom";

const MESSAGES = {
  confirmed: {
    role: "status",
    Icon: CircleCheck,
    title: "Your newsletter subscription is confirmed",
    text: "Thanks! Look out for our next update in your inbox.",
  },
  invalid: {
    role: "alert",
    Icon: CircleAlert,
    title: "This confirmation link no longer works",
    text: "It has expired or was already used. Subscribe again below and we'll send you a new one.",
  },
} as const;

/** Where the mailed newsletter link lands (`/contact?newsletter=…`): says how the confirmation went. */
export function NewsletterOutcome() {
  const [params] = useSearchParams();
  const outcome = newsletterOutcomeSchema.safeParse(params.get(NEWSLETTER_OUTCOME_PARAM));
  if (!outcome.success) return null;
  const { role, Icon, title, text } = MESSAGES[outcome.data];
  return (
    <div role={role} className="flex items-start gap-3 rounded-xl border bg-card p-4">
      <Icon
        className={role === "alert" ? "mt-0.5 size-5 text-error-text" : "mt-0.5 size-5 text-primary"}
        aria-hidden="true"
      />
      <div>
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
    </div>
  );
}
