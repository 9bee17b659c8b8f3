import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access, listQuerySchema, restErrorResponses, restHeadersSchema } from "./common";

const c = initContract();

const score = z.number().min(0).max(10);

export const talentSchema = z.object({
  id: z.string().uuid(),
  first_name: z.string(),
  last_name: z.string(),
  stage_name: z.string().nullable(),
  roles: z.array(z.string()),
  genres: z.array(z.string()),
  languages: z.array(z.string()),
  location: z.string().nullable(),
  email: z.string().nullable(),
  reliability_score: score.nullable(),
  strengths: z.record(z.string(), score),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Talent = z.infer<typeof talentSchema>;

export const talentColumns = talentSchema.keyof().options;

/** The spec's talent fetch limit; larger limits are capped to it. */
export const TALENT_PAGE_LIMIT = 50;

export const talentContract = c.router({
  listTalent: {
    method: "GET",
    path: "/rest/v1/crm_contacts",
    headers: restHeadersSchema,
    query: listQuerySchema(["last_name", "first_name", "stage_name", "reliability_score", "created_at"]),
    responses: { 200: z.array(talentSchema.partial()), ...restErrorResponses },
    metadata: access("staff"),
    summary: "List talent (staff only). Prefer: count=exact adds Content-Range with the total.",
  },
});
