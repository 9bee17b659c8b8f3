import type { Application, ContactMessage, NewsletterSubscription } from "@app/contracts";
import { PageHeading } from "@/components/ui/page-heading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { inboxQueryKey } from "@/features/inbox/api/inbox-cache";
import { useApplications } from "@/features/inbox/api/list-applications";
import { useContactMessages } from "@/features/inbox/api/list-contact-messages";
import { useNewsletterSubscriptions } from "@/features/inbox/api/list-newsletter-subscriptions";
import { useMarkApplicationHandled } from "@/features/inbox/api/mark-application-handled";
import { useMarkContactMessageHandled } from "@/features/inbox/api/mark-contact-message-handled";
import { useMarkNewsletterSubscriptionHandled } from "@/features/inbox/api/mark-newsletter-subscription-handled";
import { DetailList } from "@/features/inbox/components/detail-list";
import { InboxPanel } from "@/features/inbox/components/inbox-panel";
import { countOpen } from "@/features/inbox/utils/inbox-items";
import { useLiveTables } from "@/lib/live/live-context";
import { safeHref } from "@/lib/safe-href";
import { useDocumentTitle } from "@/lib/use-document-title";

const INTERESTS = [
  ["interest_releases", "New music releases"],
  ["interest_events", "Event announcements"],
  ["interest_behind_the_scenes", "Behind-the-scenes content"],
  ["interest_platform", "Platform updates"],
] as const;

function mailLink(email: string) {
  return (
    <a href={`mailto:${email}`} className="text-primary underline-offset-4 hover:underline">
      {email}
    </a>
  );
}

function openCount(data: { status: number; body: unknown } | undefined) {
  if (data?.status !== 200 || !Array.isArray(data.body)) return null;
  return countOpen(data.body as { handled_at: string | null }[]);
}

function TabLabel({ label, open }: { label: string; open: number | null }) {
  return (
    <>
      {label}
      {open ? (
        <span className="ml-2 rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
          {open}
          <span className="sr-only"> open</span>
        </span>
      ) : null}
    </>
  );
}

export function InboxPage() {
  useDocumentTitle("Inbox");
  // A visitor's new message or application shows up without a reload.
  useLiveTables(["contact_messages", "applications", "newsletter_subscriptions"], [inboxQueryKey]);
  const messages = useContactMessages();
  const applications = useApplications();
  const subscriptions = useNewsletterSubscriptions();
  const markMessage = useMarkContactMessageHandled();
  const markApplication = useMarkApplicationHandled();
  const markSubscription = useMarkNewsletterSubscriptionHandled();

  return (
    <div className="grid gap-6">
      <PageHeading title="Inbox" description="What visitors sent through the website's forms." />
      <Tabs defaultValue="messages">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="messages">
            <TabLabel label="Contact Messages" open={openCount(messages.data)} />
          </TabsTrigger>
          <TabsTrigger value="applications">
            <TabLabel label="Applications" open={openCount(applications.data)} />
          </TabsTrigger>
          <TabsTrigger value="newsletter">
            <TabLabel label="Newsletter" open={openCount(subscriptions.data)} />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="messages">
          <InboxPanel<ContactMessage>
            noun="messages"
            query={messages}
            summarize={(row) => ({ title: row.subject, subtitle: `${row.name} <${row.email}>` })}
            onSetHandled={(row, handled) => markMessage.setHandled(row.id, handled)}
            renderDetail={(row) => (
              <DetailList
                items={[
                  { label: "Name", value: row.name },
                  { label: "Email", value: mailLink(row.email) },
                  { label: "Subject", value: row.subject },
                  { label: "Message", value: row.message },
                ]}
              />
            )}
          />
        </TabsContent>
        <TabsContent value="applications">
          <InboxPanel<Application>
            noun="applications"
            query={applications}
            summarize={(row) => ({ title: `${row.first_name} ${row.last_name}`, subtitle: row.role })}
            onSetHandled={(row, handled) => markApplication.setHandled(row.id, handled)}
            renderDetail={(row) => (
              <DetailList
                items={[
                  { label: "Name", value: `${row.first_name} ${row.last_name}` },
                  { label: "Email", value: mailLink(row.email) },
                  { label: "Interested Role", value: row.role },
                  {
                    label: "Portfolio/Website",
                    value: <PortfolioLink address={row.portfolio} />,
                  },
                  { label: "Experience", value: row.experience },
                  { label: "Why they want to join", value: row.vision },
                ]}
              />
            )}
          />
        </TabsContent>
        <TabsContent value="newsletter">
          <InboxPanel<NewsletterSubscription>
            noun="subscribers"
            query={subscriptions}
            summarize={(row) => {
              const interests = INTERESTS.filter(([key]) => row[key]).map(([, label]) => label);
              return { title: row.email, subtitle: interests.join(", ") || "No interests chosen" };
            }}
            onSetHandled={(row, handled) => markSubscription.setHandled(row.id, handled)}
            renderDetail={(row) => (
              <DetailList
                items={[
                  { label: "Email", value: mailLink(row.email) },
                  ...INTERESTS.map(([key, label]) => ({ label, value: row[key] ? "Yes" : "No" })),
                ]}
              />
            )}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** The applicant's link; one that is not a web address (sent before the form checked) is text, never followed. */
function PortfolioLink({ address }: { address: string | null }) {
  const href = safeHref(address);
  if (!href) return <>{address || "-"}</>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-primary underline-offset-4 hover:underline"
    >
      {address}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
