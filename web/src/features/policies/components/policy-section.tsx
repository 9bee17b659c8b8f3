import type * as React from "react";

type PolicySectionProps = { id: string; title: string; children: React.ReactNode };

/** One numbered part of a policy: a region named by its h2, so screen readers can jump between parts. */
export function PolicySection({ id, title, children }: PolicySectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="grid scroll-mt-20 gap-3">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="grid gap-3 text-zinc-300 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_li]:ml-5 [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2">
        {children}
      </div>
    </section>
  );
}

type PolicyBodyProps = { updated: string; children: React.ReactNode };

/** The text column of a policy page, with the date it last changed. */
export function PolicyBody({ updated, children }: PolicyBodyProps) {
  return (
    <div className="mx-auto grid max-w-3xl gap-10 px-4 pb-16">
      <p className="text-sm text-muted-foreground">Last updated {updated}.</p>
      {children}
    </div>
  );
}
