import { formatOre } from "@app/contracts";
import type { RoyaltyImport } from "@/features/royalties/api/royalties";
import { FigureList } from "@/features/royalties/components/figure-list";

/** What an import brought in, as the server counted it. */
export function ImportCounts({ row }: { row: RoyaltyImport }) {
  const figures = [
    ["Lines", String(row.lines)],
    ["Matched", String(row.matched)],
    ["Unmatched", String(row.unmatched)],
    ["Total", formatOre(row.total_ore)],
  ] as const;
  return (
    <section aria-label={`Imported ${row.file_name}`} className="rounded-lg border p-4">
      <p className="font-medium break-all">Imported {row.file_name}</p>
      <FigureList figures={figures} />
    </section>
  );
}
