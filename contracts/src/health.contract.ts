import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access } from "./common";

const c = initContract();

export const healthContract = c.router({
  getHealth: {
    method: "GET",
    path: "/health",
    responses: {
      200: z.object({ status: z.literal("ok") }),
      503: z.object({ status: z.literal("unavailable") }),
    },
    metadata: access("open"),
    summary: "Liveness and database readiness",
  },
});
