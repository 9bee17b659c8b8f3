import { PUBLIC_PAGES } from "@app/contracts";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";
import { ExternalLink } from "@/components/layout/external-link";
import { PageHeader } from "@/components/layout/page-header";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { PLATFORM } from "@/config/site";
import { usePublicPageMeta } from "@/lib/use-document-title";

type Project = { title: string; category: string; status: string; text: string; url?: string };

const PROJECTS: readonly Project[] = [
  {
    title: PLATFORM.name,
    category: "Platform",
    status: "Beta",
    text: "Collaboration, metadata and royalty-split tracking for songwriters and producers.",
    url: PLATFORM.url,
  },
  {
    title: "Söder Sound Festival",
    category: "Events",
    status: "Live",
    text: "Our yearly summer festival for new Nordic pop, with a producer stage and open writing sessions.",
  },
  {
    title: "Writers' Room Sessions",
    category: "Media",
    status: "In Progress",
    text: "A filmed series where Stockholm writers build a song from scratch in one day.",
  },
  {
    title: "Nordic Co-Write Camp",
    category: "Artist development",
    status: "Upcoming",
    text: "A week-long camp pairing emerging writers with experienced toplines and producers.",
  },
  {
    title: "Slussen Sound Records",
    category: "Label",
    status: "Live",
    text: "Our royalty-based label partnership releasing singles and EPs from the roster.",
  },
];

export function projectStatusVariant(status: string): BadgeVariant {
  switch (status) {
    case "Live":
      return "green";
    case "Beta":
      return "blue";
    case "In Progress":
      return "yellow";
    default:
      return "purple";
  }
}

export function ProjectsPage() {
  usePublicPageMeta(PUBLIC_PAGES.projects);
  return (
    <>
      <PageHeader eyebrow="Projects" title="What we are building">
        Software, stages, shows and records: the projects that keep our studios busy.
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {PROJECTS.map((project) => (
            <li key={project.title}>
              <Card className="flex h-full flex-col">
                <CardHeader>
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-sm text-muted-foreground">{project.category}</span>
                    <Badge variant={projectStatusVariant(project.status)}>{project.status}</Badge>
                  </div>
                  <CardTitle as="h2">{project.title}</CardTitle>
                  <CardDescription>{project.text}</CardDescription>
                </CardHeader>
                <CardContent className="flex-1" />
                <CardFooter>
                  {project.url ? (
                    <ExternalLink href={project.url} className="font-semibold text-primary hover:underline">
                      Explore {project.title}
                    </ExternalLink>
                  ) : (
                    // No public page yet for the other projects, so the link stays on this page.
                    <Link to="/projects" className="font-semibold text-primary hover:underline">
                      Explore <span className="sr-only">{project.title}</span>
                    </Link>
                  )}
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
        <div className="mt-12 grid justify-items-center gap-4 text-center">
          <p className="text-lg">Want to be part of the next one?</p>
          <Button asChild size="lg">
            <Link to="/work-with-us">
              Work With Us <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </>
  );
}
