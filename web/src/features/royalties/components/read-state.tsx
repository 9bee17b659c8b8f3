import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";

type ReadStateProps = {
  read: { isPending: boolean; isError: boolean };
  /** What is loading, for the spinner's name ("the imports"). */
  what: string;
  /** Shown instead of the children when the read found nothing. */
  empty: ReactNode;
  isEmpty: boolean;
  children: ReactNode;
};

/** A tab's list while it loads, when it failed (the toast says why), when it is empty, and once read. */
export function ReadState({ read, what, empty, isEmpty, children }: ReadStateProps) {
  if (read.isPending) return <Spinner label={`Loading ${what}`} />;
  if (read.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {`${what[0]?.toUpperCase()}${what.slice(1)}`} could not be loaded.
      </p>
    );
  return isEmpty ? empty : children;
}
