import type * as React from "react";

type PageHeaderProps = { eyebrow?: string; title: string; children?: React.ReactNode };

/** The one h1 of a content page, with an optional lead paragraph. */
export function PageHeader({ eyebrow, title, children }: PageHeaderProps) {
  return (
    <header className="mx-auto max-w-3xl px-4 pt-12 pb-8 text-center sm:pt-16">
      {eyebrow ? (
        <p className="mb-3 text-sm font-semibold tracking-widest text-primary uppercase">{eyebrow}</p>
      ) : null}
      <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
      {children ? <div className="mt-4 text-lg text-muted-foreground text-pretty">{children}</div> : null}
    </header>
  );
}
