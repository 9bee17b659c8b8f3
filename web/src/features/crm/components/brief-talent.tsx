import { X } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { useBriefTalent, useLinkTalent, useUnlinkTalent } from "@/features/crm/api/brief-talent";
import { TalentFinder } from "@/features/crm/components/talent-finder";
import { formatContactName } from "@/features/crm/utils/names";

/** The talent linked to a brief (crm_brief_talent): listed, removed, and found by name to add. */
export function BriefTalent({ briefId }: { briefId: string }) {
  const linked = useBriefTalent(briefId);
  const link = useLinkTalent();
  const unlink = useUnlinkTalent();
  const headingId = useId();
  const rows = linked.data ?? [];
  const linkedIds = new Set(rows.map((row) => row.talent.id));

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="text-lg font-semibold">
        Talent
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No talent on this brief yet.</p>
      ) : (
        <ul className="grid gap-1" aria-labelledby={headingId}>
          {rows.map(({ link: row, talent }) => (
            <li key={row.id} className="flex items-center justify-between gap-2 text-sm">
              <Link
                to={`/app/crm/talent/${talent.id}`}
                className="text-primary underline-offset-4 hover:underline"
              >
                {formatContactName(talent)}
              </Link>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={unlink.isPending}
                aria-label={`Remove ${formatContactName(talent)} from the brief`}
                onClick={() => unlink.mutate(row.id)}
              >
                <X aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <TalentFinder
        excludeIds={linkedIds}
        addTo="the brief"
        isAdding={link.isPending}
        onAdd={(person) => link.mutate({ brief_id: briefId, contact_id: person.id })}
      />
    </section>
  );
}
