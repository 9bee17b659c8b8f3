import {
  NEWSLETTER_OUTCOME_PARAM,
  NEWSLETTER_TOKEN_FRAGMENT,
  newsletterLandingSchema,
  type NewsletterOutcome as Outcome,
} from "@app/contracts";
import { CircleAlert, CircleCheck, MailCheck } from "lucide-react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { useConfirmNewsletterSubscription } from "@/features/contact/api/confirm-newsletter-subscription";
import { useHydrated } from "@/lib/use-hydrated";

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

/**
 * Where the mailed newsletter link lands (`/contact?newsletter=confirm#token=…`). Only the visitor's click
 * confirms: mail scanners open links too. The outcome then replaces the address, token and all, so a
 * reload shows the outcome instead of trying a used token again. The prerendered /contact has no query,
 * so nothing shows until hydrated: the first client render must match it.
 */
export function NewsletterOutcome() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const isHydrated = useHydrated();
  if (!isHydrated) return null;
  const landing = newsletterLandingSchema.safeParse(params.get(NEWSLETTER_OUTCOME_PARAM));
  if (!landing.success) return null;
  if (landing.data !== "confirm") return <OutcomeMessage outcome={landing.data} />;
  const token = new URLSearchParams(hash.slice(1)).get(NEWSLETTER_TOKEN_FRAGMENT);
  return token ? <ConfirmPrompt token={token} /> : <OutcomeMessage outcome="invalid" />;
}

function ConfirmPrompt({ token }: { token: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmNewsletterSubscription();
  const onConfirm = () =>
    confirm.mutate(
      { body: { token } },
      {
        onSuccess: ({ body }) =>
          navigate(`/contact?${NEWSLETTER_OUTCOME_PARAM}=${body.outcome}`, { replace: true }),
      },
    );
  return (
    <section
      aria-labelledby="newsletter-confirm-heading"
      className="flex flex-wrap items-center gap-4 rounded-xl border bg-card p-4"
    >
      <MailCheck className="size-5 text-primary" aria-hidden="true" />
      <div className="min-w-60 flex-1">
        <h2 id="newsletter-confirm-heading" className="font-medium">
          Confirm your newsletter subscription
        </h2>
        <p className="text-sm text-muted-foreground">One click and you'll get our next update.</p>
      </div>
      <Button onClick={onConfirm} disabled={confirm.isPending}>
        {confirm.isPending ? "Confirming..." : "Confirm subscription"}
      </Button>
    </section>
  );
}

function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  const { role, Icon, title, text } = MESSAGES[outcome];
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
