import { ExternalLink } from "@/components/layout/external-link";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import type { Founder } from "@/features/marketing/content/about-content";

function initials(name: string) {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("");
}

export function FounderCard({ founder }: { founder: Founder }) {
  return (
    <Card className="flex h-full flex-col">
      <div className="flex items-center gap-4 p-6">
        <span
          aria-hidden="true"
          className="grid size-16 shrink-0 place-items-center rounded-full bg-gradient-to-br from-amber-400 to-rose-500 text-xl font-bold text-zinc-950"
        >
          {initials(founder.name)}
        </span>
        <div className="grid gap-1">
          <CardTitle>{founder.name}</CardTitle>
          <CardDescription>{founder.role}</CardDescription>
        </div>
      </div>
      <CardContent className="grid flex-1 content-between gap-4">
        <p className="text-zinc-300">{founder.summary}</p>
        <Dialog>
          {/*
           * The trigger renders its own <button>: Button has no forwardRef (React 18), so through asChild
           * Radix would get no ref and could not return focus to the trigger when the dialog closes.
           */}
          <DialogTrigger className={buttonVariants({ variant: "outline", className: "justify-self-start" })}>
            Read {founder.name.split(" ")[0]}'s bio
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{founder.name}</DialogTitle>
              <DialogDescription>{founder.role}</DialogDescription>
            </DialogHeader>
            {founder.bio.map((paragraph) => (
              <p key={paragraph} className="text-zinc-300">
                {paragraph}
              </p>
            ))}
            {founder.website ? (
              <ExternalLink href={founder.website.url} className="font-semibold text-primary hover:underline">
                Personal website: {founder.website.label}
              </ExternalLink>
            ) : null}
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
