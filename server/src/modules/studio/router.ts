import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Database } from "../../db/database";
import { principalOf } from "../../http/authorize";
import { bookStudioSession } from "./book-session";

const s = initServer();

export function studioRouter(deps: { db: Database; now: () => number }) {
  return s.router(contract.studio, {
    bookStudioSession: async ({ body, res }) => {
      const principal = principalOf(res);
      const actorId = principal?.kind === "user" ? principal.userId : null;
      const at = new Date(deps.now()).toISOString();
      return { status: 200, body: await bookStudioSession(deps.db, body, actorId, at) };
    },
  });
}
