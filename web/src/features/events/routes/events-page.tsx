import { PUBLIC_PAGES } from "@app/contracts";
import { Suspense } from "react";
import { EventsLoading } from "@/features/events/components/events-loading";
import { lazyNamed } from "@/lib/lazy-named";
import { usePublicPageMeta } from "@/lib/use-document-title";

// The API client downloads beside the heading, as on the home page.
const CommunityEvents = lazyNamed(
  () => import("@/features/events/components/community-events"),
  "CommunityEvents",
);

/** Every event still to come, soonest first: where the home page's SEE MORE leads. */
export function EventsPage() {
  usePublicPageMeta(PUBLIC_PAGES.events);
  return (
    <section aria-labelledby="events-heading" className="mx-auto grid max-w-6xl gap-8 px-4 py-16">
      <div className="grid gap-3">
        <h1 id="events-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Events
        </h1>
        <p className="max-w-2xl text-muted-foreground">
          Festivals, writing camps, pitch nights and listening sessions in Stockholm. Times are Stockholm
          time.
        </p>
      </div>
      <div className="grid gap-6">
        <h2 className="text-2xl font-semibold">Upcoming events</h2>
        <Suspense fallback={<EventsLoading />}>
          <CommunityEvents upcomingOnly />
        </Suspense>
      </div>
    </section>
  );
}
