import { Star } from "lucide-react";
import { isStarPerformer } from "@/lib/reliability";

/** "9.1/10", with the spec's star above 8. */
export function ReliabilityScore({ score }: { score: number | null }) {
  if (score === null) return <>-</>;
  return (
    <span className="inline-flex items-center gap-1">
      {score}/10
      {isStarPerformer(score) ? (
        <Star className="size-4 fill-primary text-primary" role="img" aria-label="Top reliability" />
      ) : null}
    </span>
  );
}
