import { PUBLIC_PAGE_PATHS } from "@app/contracts";
import { Suspense } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EventsLoading } from "@/features/events/components/events-loading";
import { FeaturedEvents } from "@/features/events/components/featured-events";
import { lazyNamed } from "@/lib/lazy-named";

/*
 * The one part of the home page that calls the API: its client (ts-rest and the contract's zod schemas,
 * about half the page's script) downloads beside the hero instead of before it.
 */
const CommunityEvents = lazyNamed(
  () => import("@/features/events/components/community-events"),
  "CommunityEvents",
);

export function EventsSection({ id }: { id: string }) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="mx-auto grid max-w-6xl gap-10 px-4 py-16">
      <div className="grid gap-3 text-center">
        {/* Focus target for the hero's EVENTS button, so keyboard users land where the page scrolled. */}
        <h2
          id={headingId}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight focus:outline-none sm:text-4xl"
        >
          Events
        </h2>
        <p className="mx-auto max-w-2xl text-muted-foreground">
          Festivals, writing camps, pitch nights and listening sessions: where our artists, writers and
          community meet.
        </p>
      </div>

      <FeaturedEvents />

      <div className="grid gap-6">
        <h3 className="text-2xl font-semibold">Showcased Community Events</h3>
        <Suspense fallback={<EventsLoading />}>
          <CommunityEvents />
        </Suspense>
      </div>

      <div className="text-center">
        <Button asChild variant="outline" size="lg">
          <Link to={PUBLIC_PAGE_PATHS.events} aria-label="SEE MORE: all upcoming events">
            SEE MORE
          </Link>
        </Button>
      </div>
    </section>
  );
}
