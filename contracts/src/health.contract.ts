import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access } from "./common";

const c = initContract();

export const healthContract = c.router({
  getHealth: {
    method: "GET",
    path: "/health",
    responses: {
      200: z.object({
        status: z.literal("ok"),
        /** Only for an administrator's token: how old the newest finished backup is (null: none yet). */
        backup: z
          .object({ last_backup_at: z.string().nullable(), age_seconds: z.number().int().nullable() })
          .optional(),
      }),
      503: z.object({ status: z.literal("unavailable") }),
    },
    metadata: access("open"),
    summary:
      "Liveness and database readiness; an administrator's token also gets the age of the last good backup",
  },
});
