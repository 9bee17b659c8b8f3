import { Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { OPPORTUNITIES } from "@/features/careers/components/opportunities";

export function OpportunitiesList({ onApply }: { onApply: (role: string) => void }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {OPPORTUNITIES.map((opportunity) => (
        <li key={opportunity.role}>
          <Card className="flex h-full flex-col">
            <CardHeader>
              <CardTitle as="h2">{opportunity.role}</CardTitle>
              <CardDescription>{opportunity.text}</CardDescription>
            </CardHeader>
            <CardContent className="grid flex-1 content-between gap-5">
              <ul className="grid gap-2 text-sm text-zinc-300">
                {opportunity.requirements.map((requirement) => (
                  <li key={requirement} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {requirement}
                  </li>
                ))}
              </ul>
              <Button
                variant="outline"
                className="justify-self-start"
                onClick={() => onApply(opportunity.role)}
              >
                Apply as {opportunity.role.replace(/s$/, "")}
              </Button>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
