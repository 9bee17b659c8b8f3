import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { restErrorResponses, restHeadersSchema, serviceRoleAccess } from "./common";
import { projectsTable } from "./tables/projects.table";

const c = initContract();

export const projectFromDealSchema = z.object({ deal_id: z.string().uuid("must be a deal's id") }).strict();
export type ProjectFromDeal = z.infer<typeof projectFromDealSchema>;

/**
 * A won deal becomes a project in one transaction: its title, client and value (kronor become öre), with
 * a new code, the deal linked and the creation on the timeline. A deal becomes at most one project; a
 * second call answers 409 (23505) and writes nothing, and a deal not won answers 409 (55000).
 */
export const projectsContract = c.router({
  projectFromDeal: {
    method: "POST",
    path: "/rest/v1/rpc/project_from_deal",
    headers: restHeadersSchema,
    body: projectFromDealSchema,
    responses: {
      200: projectsTable.row,
      404: restErrorResponses[400],
      409: restErrorResponses[400],
      ...restErrorResponses,
    },
    metadata: serviceRoleAccess("staff"),
    summary: "Turn a won deal into a project, once (staff only)",
  },
});
