import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import { requesterOf } from "../../platform/deps";
import { createFirstAdmin, type FirstRunDeps } from "./first-run";

const s = initServer();

export function setupRouter(deps: FirstRunDeps) {
  return s.router(contract.setup, {
    createFirstAdmin: async ({ body, req }) => ({
      status: 201,
      body: await createFirstAdmin(deps, body, requesterOf(req)),
    }),
  });
}
