import { PUBLIC_PAGES } from "@app/contracts";
import { Check } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ContentSection } from "@/features/marketing/components/content-section";
import { FounderCard } from "@/features/marketing/components/founder-card";
import {
  CORE_VALUE_CARDS,
  EXECUTIVE_SUMMARY,
  FOUNDERS,
  MARKET_ANALYSIS,
  MISSION,
  OFFERINGS,
  VALUES,
  VISION,
} from "@/features/marketing/content/about-content";
import { usePublicPageMeta } from "@/lib/use-document-title";

export function AboutPage() {
  usePublicPageMeta(PUBLIC_PAGES.about);
  return (
    <>
      <PageHeader eyebrow="About us" title="Songwriters building a better music business">
        Founded in Stockholm in 2016, we combine studios, stages and software under one roof.
      </PageHeader>

      <ContentSection title="Executive summary">
        <div className="grid max-w-3xl gap-4 text-zinc-300">
          {EXECUTIVE_SUMMARY.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </ContentSection>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Mission</CardTitle>
            <p className="text-zinc-300">{MISSION}</p>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Vision</CardTitle>
            <p className="text-zinc-300">{VISION}</p>
          </CardHeader>
        </Card>
      </div>

      <ContentSection title="Our values">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-lg border bg-card p-4">
              <p className="font-semibold text-primary">{value.title}</p>
              <p className="mt-1 text-sm text-muted-foreground">{value.text}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection title="What we stand for">
        <ul className="grid gap-4 sm:grid-cols-2">
          {CORE_VALUE_CARDS.map((card) => (
            <li key={card.title}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle>{card.title}</CardTitle>
                  <CardDescription>{card.text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection title="What we offer">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {OFFERINGS.map((offering) => (
            <li key={offering.title} className="rounded-lg border bg-card p-5">
              <h3 className="font-semibold">{offering.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{offering.text}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection title="Market analysis">
        <ul className="grid max-w-3xl gap-3">
          {MARKET_ANALYSIS.map((point) => (
            <li key={point} className="flex gap-3 text-zinc-300">
              <Check className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
              {point}
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection title="Founders">
        <ul className="grid gap-6 md:grid-cols-2">
          {FOUNDERS.map((founder) => (
            <li key={founder.name}>
              <FounderCard founder={founder} />
            </li>
          ))}
        </ul>
      </ContentSection>
      <div className="pb-6" />
    </>
  );
}
