import type * as React from "react";

type ContentSectionProps = { title: string; children: React.ReactNode };

export function ContentSection({ title, children }: ContentSectionProps) {
  const headingId = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="mx-auto grid max-w-6xl gap-6 px-4 py-10">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
