import type { Talent } from "@app/contracts";
import { Star } from "lucide-react";
import { LimitedBadges } from "@/components/ui/limited-badges";
import { formatTalentName } from "@/features/portfolio/utils/filter-talent";
import { DISPLAY_LIMITS } from "@/lib/display-limit";
import { isStarPerformer } from "@/lib/reliability";

export function TalentHeader({ talent }: { talent: Talent }) {
  return (
    <header className="grid gap-2">
      <h2 className="flex items-center gap-2 text-2xl font-bold">
        {formatTalentName(talent)}
        {isStarPerformer(talent.reliability_score) ? (
          <Star className="size-5 fill-primary text-primary" role="img" aria-label="Top reliability" />
        ) : null}
      </h2>
      {talent.stage_name ? <p className="text-muted-foreground">{talent.stage_name}</p> : null}
      <LimitedBadges
        items={talent.roles}
        limit={DISPLAY_LIMITS.rolesInHeader}
        noun="roles"
        variant="purple"
      />
    </header>
  );
}
