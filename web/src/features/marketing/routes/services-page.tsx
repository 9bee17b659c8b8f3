import { PUBLIC_PAGES } from "@app/contracts";
import { AudioLines, Camera, Disc3, LayoutDashboard, Mic2, Users } from "lucide-react";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PLATFORM } from "@/config/site";
import { usePublicPageMeta } from "@/lib/use-document-title";

const SERVICES = [
  {
    icon: LayoutDashboard,
    title: `${PLATFORM.name} platform`,
    text: "Our own software for co-writing: share sessions, lock credits and metadata, and track every royalty split from demo to payout.",
    points: [
      "Split sheets signed in the session",
      "ISRC, ISWC and credit metadata",
      "Royalty statements per writer",
    ],
  },
  {
    icon: AudioLines,
    title: "Music production & mastering",
    text: "Three rooms in Stockholm for writing, tracking, mixing and mastering, with producers who write too.",
    points: ["Writing camps and co-writes", "Production and mixing", "Stereo and Dolby Atmos mastering"],
  },
  {
    icon: Mic2,
    title: "Event production & AV",
    text: "From album launches to festival stages: booking, stage management, live sound, lighting and video.",
    points: ["Concept and production management", "Sound, light and LED", "Live recording and streaming"],
  },
  {
    icon: Disc3,
    title: "Label services",
    text: "Release through us on royalty-based partnerships instead of buy-outs, with distribution, pitching and marketing.",
    points: [
      "Release planning and distribution",
      "Playlist and sync pitching",
      "Transparent royalty accounting",
    ],
  },
  {
    icon: Users,
    title: "Artist coaching & management",
    text: "Development for artists and writers who are ready to grow: sound, live show, team and business.",
    points: ["Artist development plans", "Vocal and performance coaching", "Day-to-day management"],
  },
  {
    icon: Camera,
    title: "Media content",
    text: "Music videos, live sessions, photo and short-form content shot in our studios or on location.",
    points: ["Music videos and visualisers", "Studio live sessions", "Press photos and social content"],
  },
] as const;

export function ServicesPage() {
  usePublicPageMeta(PUBLIC_PAGES.services);
  return (
    <>
      <PageHeader eyebrow="Services" title="Everything a release needs, under one roof">
        Studio, stage, label and software, run by people who write songs themselves.
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map(({ icon: Icon, title, text, points }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon className="size-8 text-primary" aria-hidden="true" />
                  <CardTitle as="h2">{title}</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <p className="text-zinc-300">{text}</p>
                  <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
                    {points.map((point) => (
                      <li key={point}>{point}</li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-center gap-4 text-center">
          <p className="text-lg">Planning a release, a show or a collaboration?</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/contact">Get in touch</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={PLATFORM.url} target="_blank" rel="noopener noreferrer">
                Try {PLATFORM.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}
