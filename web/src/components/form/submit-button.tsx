import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/lib/use-hydrated";

type SubmitButtonProps = { isBusy: boolean; label: string; busyLabel: string; className?: string };

export function SubmitButton({ isBusy, label, busyLabel, className }: SubmitButtonProps) {
  // In a prerendered page, before the app has hydrated, a click (or Enter in a field) would submit the
  // form natively: a GET that puts every field in the address. A disabled default button stops both.
  const isHydrated = useHydrated();
  return (
    <Button
      type="submit"
      disabled={isBusy || !isHydrated}
      aria-busy={isBusy || undefined}
      className={className}
    >
      {isBusy ? <Spinner /> : null}
      {isBusy ? busyLabel : label}
    </Button>
  );
}
