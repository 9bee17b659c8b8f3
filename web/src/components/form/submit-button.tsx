import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

type SubmitButtonProps = { isBusy: boolean; label: string; busyLabel: string; className?: string };

export function SubmitButton({ isBusy, label, busyLabel, className }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={isBusy} aria-busy={isBusy || undefined} className={className}>
      {isBusy ? <Spinner /> : null}
      {isBusy ? busyLabel : label}
    </Button>
  );
}
