import type { ReactNode } from "react";
import { LoadFailed } from "@/components/ui/load-failed";
import { Spinner } from "@/components/ui/spinner";

/** What a list's read says of itself (a React Query result has all of it). */
interface ListRead {
  isPending: boolean;
  isError: boolean;
  data?: unknown;
  refetch(): unknown;
}

type ListStateProps = {
  read: ListRead;
  /** The spinner's name while the first read runs ("Loading the invoices"). */
  loading: string;
  /** What failed, when the first read did ("Failed to load the invoices."). */
  failed: string;
  isEmpty: boolean;
  /** Shown instead of the list when the read found nothing. */
  empty: ReactNode;
  children: ReactNode;
};

/**
 * A list while its first read runs, when that read failed (with a way to read it again), when it found
 * nothing, and once it has rows. A refetch that fails keeps the rows already shown: the data is older,
 * not gone.
 */
export function ListState({ read, loading, failed, isEmpty, empty, children }: ListStateProps) {
  if (read.isPending) return <Spinner label={loading} />;
  if (read.isError && read.data === undefined)
    return <LoadFailed onRetry={() => read.refetch()}>{failed}</LoadFailed>;
  return isEmpty ? empty : children;
}
