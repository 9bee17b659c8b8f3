import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  useBriefTalent,
  useLinkTalent,
  useTalentSearch,
  useUnlinkTalent,
} from "@/features/crm/api/brief-talent";
import { formatContactName } from "@/features/crm/utils/names";
import { useSearchDraft } from "@/lib/use-search-draft";

/** The talent linked to a brief (crm_brief_talent): listed, removed, and found by name to add. */
export function BriefTalent({ briefId }: { briefId: string }) {
  const linked = useBriefTalent(briefId);
  const link = useLinkTalent();
  const unlink = useUnlinkTalent();
  const [search, setSearch] = useState("");
  const [draft, setDraft, flushSearch] = useSearchDraft(search, setSearch);
  const results = useTalentSearch(search);
  const headingId = useId();
  const searchId = useId();
  const rows = linked.data ?? [];
  const linkedIds = new Set(rows.map((row) => row.talent.id));
  const candidates = (results.data ?? []).filter((person) => !linkedIds.has(person.id));

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
      <div className="grid gap-2">
        <Label htmlFor={searchId}>Find talent to add</Label>
        <Input
          id={searchId}
          type="search"
          placeholder="Name, stage name or email"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={flushSearch}
        />
        {search.trim().length >= 2 && results.isSuccess ? (
          candidates.length === 0 ? (
            <p className="text-sm text-muted-foreground">No talents found</p>
          ) : (
            <ul className="grid gap-1" aria-label="Matching talent">
              {candidates.map((person) => (
                <li key={person.id} className="flex items-center justify-between gap-2 text-sm">
                  <span>
                    {formatContactName(person)}
                    {person.stage_name ? (
                      <span className="text-muted-foreground"> · {person.stage_name}</span>
                    ) : null}
                  </span>
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    disabled={link.isPending}
                    aria-label={`Add ${formatContactName(person)} to the brief`}
                    onClick={() => link.mutate({ brief_id: briefId, contact_id: person.id })}
                  >
                    <Plus aria-hidden="true" />
                    Add
                  </Button>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </section>
  );
}
