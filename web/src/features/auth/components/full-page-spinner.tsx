import { Spinner } from "@/components/ui/spinner";

/** The only thing shown while the session loads, so no screen flashes as signed out. */
export function FullPageSpinner() {
  return (
    <main className="grid min-h-dvh place-items-center">
      <Spinner label="Loading" className="size-8 text-primary" />
    </main>
  );
}
