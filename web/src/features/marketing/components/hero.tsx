import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { SITE } from "@/config/site";

function scrollToSection(id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  const prefersReducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: prefersReducedMotion ? "auto" : "smooth", block: "start" });
  section.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
}

export function Hero({ eventsSectionId }: { eventsSectionId: string }) {
  return (
    <section className="relative isolate overflow-hidden border-b">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(245,158,11,0.22),transparent_60%),radial-gradient(ellipse_at_bottom_right,rgba(139,92,246,0.18),transparent_55%)]"
      />
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-20 text-center sm:py-28">
        <p className="text-sm font-semibold tracking-widest text-primary uppercase">
          Stockholm · Songwriter-founded · Since {SITE.founded}
        </p>
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          Music, media and events built by songwriters
        </h1>
        <p className="mx-auto max-w-2xl text-lg text-zinc-300 text-pretty">
          {SITE.name} produces records, stages shows and backs artists from first demo to release, with a
          platform that keeps every split and credit straight.
        </p>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/services">MEDIA</Link>
          </Button>
          <Button size="lg" variant="secondary" onClick={() => scrollToSection(eventsSectionId)}>
            EVENTS
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/auth">PORTAL</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
