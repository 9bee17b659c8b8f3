import type { SignDocumentInput, SigningView } from "@app/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";

type SignedReceipt = { signed_at: string; status: SigningView["document"]["status"] };

/*
 * The public signing page's two calls. Their failures are the page's own states (a dead link, a typing
 * mistake), shown in place rather than as toasts, so neither carries an error meta.
 */

export function useSigningView(token: string) {
  return useQuery({
    queryKey: ["signing", token],
    queryFn: async () =>
      expectSuccess(await tsr.legal.signing.getSigningView.query({ query: { token } })).body as SigningView,
    enabled: token !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSignDocument() {
  return useMutation({
    mutationFn: async (input: SignDocumentInput) =>
      expectSuccess(await tsr.legal.signing.signDocument.mutate({ body: input })).body as SignedReceipt,
  });
}
