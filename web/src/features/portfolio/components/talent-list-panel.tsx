import type { Talent } from "@app/contracts";
import { Search, Star } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LimitedBadges } from "@/components/ui/limited-badges";
import { NativeSelect } from "@/components/ui/native-select";
import {
  ALL_ROLES,
  filterTalents,
  formatTalentCount,
  formatTalentName,
  listDistinctRoles,
} from "@/features/portfolio/utils/filter-talent";
import { DISPLAY_LIMITS } from "@/lib/display-limit";
import { isStarPerformer } from "@/lib/reliability";
import { cn } from "@/lib/utils";

type TalentListPanelProps = { talents: Talent[]; selectedId: string | null };

export function TalentListPanel({ talents, selectedId }: TalentListPanelProps) {
  const [search, setSearch] = useState("");
  const [role, setRole] = useState(ALL_ROLES);
  const searchId = useId();
  const roleId = useId();
  const roles = listDistinctRoles(talents);
  const visible = filterTalents(talents, { search, role });

  return (
    <Card className="flex flex-col gap-3 p-3">
      <h2 className="sr-only">Talents</h2>
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>Search talent</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Search by name..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={roleId}>Role</Label>
        <NativeSelect id={roleId} value={role} onChange={(event) => setRole(event.target.value)}>
          <option value={ALL_ROLES}>All roles</option>
          {roles.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="talent-count">
        {formatTalentCount(visible.length)}
      </p>
      {visible.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No talents found</p>
      ) : (
        <ul className="grid gap-1" aria-label="Talent list">
          {visible.map((talent) => {
            const isSelected = talent.id === selectedId;
            return (
              <li key={talent.id}>
                <Link
                  to={`/app/portfolio/${talent.id}`}
                  aria-current={isSelected ? "true" : undefined}
                  className={cn(
                    "grid gap-1 rounded-md p-2 text-sm hover:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
                    isSelected && "bg-accent",
                  )}
                >
                  <span className="flex items-center gap-1 font-medium">
                    {formatTalentName(talent)}
                    {isStarPerformer(talent.reliability_score) ? (
                      <Star className="size-3.5 fill-primary text-primary" aria-label="Top reliability" />
                    ) : null}
                  </span>
                  {talent.stage_name ? (
                    <span className="text-xs text-muted-foreground">{talent.stage_name}</span>
                  ) : null}
                  <LimitedBadges items={talent.roles} limit={DISPLAY_LIMITS.rolesInList} noun="roles" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
