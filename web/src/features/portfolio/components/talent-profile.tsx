import type { Talent } from "@app/contracts";
import { Star } from "lucide-react";
import type * as React from "react";
import { Card, CardContent } from "@/components/ui/card";
import { formatTalentName } from "@/features/portfolio/utils/filter-talent";
import { isStarPerformer } from "@/lib/reliability";
import { cn } from "@/lib/utils";

type FieldProps = { label: string; className?: string; children: React.ReactNode };

/** One term and its value, a direct child of the list (a wrapper between them breaks the list's roles). */
function Field({ label, className, children }: FieldProps) {
  return (
    <div className={cn("grid gap-1", className)}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const orDash = (value: string | null) => value || "-";
const joinOrDash = (values: string[]) => (values.length > 0 ? values.join(", ") : "-");

export function TalentProfile({ talent }: { talent: Talent }) {
  const strengths = Object.entries(talent.strengths);
  return (
    <Card>
      <CardContent className="pt-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field label="Name">{formatTalentName(talent)}</Field>
          <Field label="Stage name">{orDash(talent.stage_name)}</Field>
          <Field label="Location">{orDash(talent.location)}</Field>
          <Field label="Email">
            {talent.email ? (
              <a href={`mailto:${talent.email}`} className="text-primary underline-offset-4 hover:underline">
                {talent.email}
              </a>
            ) : (
              "-"
            )}
          </Field>
          <Field label="Reliability score">
            {talent.reliability_score === null ? (
              "-"
            ) : (
              <span className="inline-flex items-center gap-1">
                {talent.reliability_score}/10
                {isStarPerformer(talent.reliability_score) ? (
                  <Star
                    className="size-4 fill-primary text-primary"
                    role="img"
                    aria-label="Top reliability"
                  />
                ) : null}
              </span>
            )}
          </Field>
          <Field label="Genres">{joinOrDash(talent.genres)}</Field>
          <Field label="Languages">{joinOrDash(talent.languages)}</Field>
          <Field label="Strengths">
            {strengths.length === 0 ? (
              "-"
            ) : (
              <ul className="grid gap-1">
                {strengths.map(([skill, score]) => (
                  <li key={skill} className="flex justify-between gap-4">
                    <span>{skill}</span>
                    <span className="text-muted-foreground">{score}/10</span>
                  </li>
                ))}
              </ul>
            )}
          </Field>
          <Field label="Notes" className="sm:col-span-2">
            <p className="whitespace-pre-line">{orDash(talent.notes)}</p>
          </Field>
        </dl>
      </CardContent>
    </Card>
  );
}
