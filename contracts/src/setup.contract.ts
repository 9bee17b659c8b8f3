import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access, apiErrorSchema, apiKeyErrorSchema } from "./common";

const c = initContract();

/** The fragment key of the first-run setup link's token (a fragment never reaches a server log). */
export const SETUP_TOKEN_FRAGMENT = "token" as const;

export const firstAdminSchema = z
  .object({
    token: z.string().min(1).max(256),
    full_name: z.string().trim().min(1, "Enter your full name").max(200),
    email: z.string().trim().email("Enter a valid e-mail address").max(254),
    password: z.string().min(1, "Choose a password").max(1000),
  })
  .strict();
export type FirstAdmin = z.infer<typeof firstAdminSchema>;

export const setupContract = c.router({
  createFirstAdmin: {
    method: "POST",
    path: "/api/setup/admin",
    body: firstAdminSchema,
    responses: {
      201: z.object({ email: z.string() }),
      400: apiErrorSchema,
      401: apiKeyErrorSchema,
      403: apiErrorSchema,
      422: apiErrorSchema,
      429: apiErrorSchema,
    },
    metadata: access("public"),
    summary:
      "First run: with the setup link the server logs while no administrator exists (single use, one hour), creates the first administrator, confirmed",
  },
});
