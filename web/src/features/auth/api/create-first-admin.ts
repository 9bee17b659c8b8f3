import type { FirstAdmin } from "@app/contracts";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";

/** Spends the setup link's token on the first administrator; a refusal rejects with the server's answer. */
export async function createFirstAdmin(body: FirstAdmin) {
  return expectSuccess(await tsr.setup.createFirstAdmin.mutate({ body }));
}
