import { CalendarDays, MapPin } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { EventStatusBadge } from "@/features/events/components/event-status-badge";
import { cn } from "@/lib/utils";

const FEATURED_EVENTS = [
  {
    title: "Söder Sound Festival 2024",
    date: "August 5, 2024",
    dateTime: "2024-08-05",
    status: "upcoming",
    location: "Mosebacke Terrace, Stockholm",
    description:
      "A day of new Nordic pop, live sets from our writing rooms and a producer stage, with full AV by our events team.",
    art: "from-amber-500/40 via-rose-500/20 to-transparent",
  },
  {
    title: "Pitch & Party: Spring Edition",
    date: "June 2, 2024",
    dateTime: "2024-06-02",
    status: "past",
    location: "Slussen Sound Studio, Stockholm",
    description:
      "Songwriters pitched unreleased demos to A&R and music supervisors, then we turned the live room into a dance floor.",
    art: "from-violet-500/40 via-sky-500/20 to-transparent",
  },
] as const;

export function FeaturedEvents() {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {FEATURED_EVENTS.map((event) => (
        <li key={event.title}>
          <Card className="flex h-full flex-col overflow-hidden">
            <div aria-hidden="true" className={cn("h-28 bg-gradient-to-br", event.art)} />
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                  <CalendarDays className="size-4" aria-hidden="true" />
                  <time dateTime={event.dateTime}>{event.date}</time>
                </span>
                <EventStatusBadge status={event.status} isDated />
              </div>
              <CardTitle>{event.title}</CardTitle>
              <CardDescription className="inline-flex items-center gap-1.5 text-sm">
                <MapPin className="size-4" aria-hidden="true" />
                {event.location}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex-1 text-sm text-zinc-300">{event.description}</CardContent>
            <CardFooter>
              <Button disabled variant="secondary" className="w-full">
                GO TO EVENT
              </Button>
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  );
}
