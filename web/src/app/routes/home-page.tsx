import { PUBLIC_PAGES } from "@app/contracts";
import { EventsSection } from "@/features/events/components/events-section";
import { Hero } from "@/features/marketing/components/hero";
import { PlaylistPlayer } from "@/features/marketing/components/playlist-player";
import { usePublicPageMeta } from "@/lib/use-document-title";

const EVENTS_SECTION_ID = "events";

/** Lives in app/ because it composes two features (marketing and events) that must not import each other. */
export function HomePage() {
  usePublicPageMeta(PUBLIC_PAGES.home);
  return (
    <>
      <Hero eventsSectionId={EVENTS_SECTION_ID} />
      <EventsSection id={EVENTS_SECTION_ID} />
      <PlaylistPlayer />
    </>
  );
}
