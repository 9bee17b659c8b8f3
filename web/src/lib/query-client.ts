import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { toast } from "@/lib/toast";

/** What a query states about its failure; the cache below turns it into the toast. */
type QueryToastMeta = {
  /** Toast title when the read fails (the API's own words become the description). */
  errorMessage?: string;
};

/** What a mutation states about its outcome; hooks never call `toast` themselves. */
type MutationToastMeta = {
  /** A title, or one chosen from the mutation's variables ("Marked as handled" or "Reopened"). */
  successMessage?: string | ((variables: unknown) => string);
  errorMessage?: string;
  /** Cached reads the write may have changed: refetched once it settles, whatever the outcome. */
  invalidates?: readonly QueryKey[];
};

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: QueryToastMeta;
    mutationMeta: MutationToastMeta;
  }
}

/* The one place API outcomes become toasts (see toast.ts for how the toast code loads). */
const showError = (title: string, error: unknown) => toast.apiError(title, error);
const showSuccess = (title: string) => toast.success(title);

export function createQueryClient(overrides: { retry?: boolean } = {}) {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorMessage) showError(query.meta.errorMessage, error);
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: (_data, variables, _context, mutation) => {
        const message = mutation.meta?.successMessage;
        if (message) showSuccess(typeof message === "function" ? message(variables) : message);
      },
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorMessage) showError(mutation.meta.errorMessage, error);
      },
      // Awaited by the mutation: a dialog that closes on success finds its list already fresh.
      onSettled: async (_data, _error, _variables, _context, mutation) => {
        const keys = mutation.meta?.invalidates ?? [];
        await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: overrides.retry === false ? false : 1,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
