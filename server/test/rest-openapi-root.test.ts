import { type Caller, isAllowed, tables } from "@app/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

/**
 * `GET /rest/v1/`, PostgREST's root: the OpenAPI description of the tables, from the registry, showing
 * each caller only the tables they may read and the verbs they may use.
 */

let ctx: TestContext;
let staffToken = "";
let plainToken = "";
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  [staffToken, plainToken] = await Promise.all([
    ctx.userToken({ role: "staff" }),
    ctx.userToken({ role: null }),
  ]);
});
afterAll(() => ctx?.close());

interface Root {
  swagger: string;
  paths: Record<string, Record<string, unknown>>;
  definitions: Record<string, { required: string[]; properties: Record<string, { format: string }> }>;
}

const root = (bearer?: string) => {
  const req = request(ctx.app).get("/rest/v1/").set("apikey", ctx.anonKey);
  return bearer ? req.set("Authorization", `Bearer ${bearer}`) : req;
};

/** What the registry says a caller may see: each readable table with the verbs its grants allow. */
function expectedPaths(caller: Caller) {
  return Object.fromEntries(
    Object.values(tables)
      .filter((t) => isAllowed(t, caller, "select"))
      .map((t) => {
        const verbs = [
          ["get", isAllowed(t, caller, "select")],
          ["post", isAllowed(t, caller, "insert")],
          ["put", isAllowed(t, caller, "insert") && isAllowed(t, caller, "update")],
          ["patch", isAllowed(t, caller, "update")],
          ["delete", isAllowed(t, caller, "delete")],
        ] as const;
        return [`/${t.name}`, verbs.filter(([, ok]) => ok).map(([verb]) => verb)];
      }),
  );
}

describe("the data API's root", () => {
  it.each([
    ["anon", undefined],
    ["authenticated", () => plainToken],
    ["staff", () => staffToken],
    ["service_role", () => ctx.serviceRoleKey],
  ] as const)("shows %s only the tables and verbs the registry grants them", async (caller, bearer) => {
    const res = await root(bearer?.());
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/openapi+json; charset=utf-8");
    const doc = JSON.parse(res.text) as Root;
    expect(doc.swagger).toBe("2.0");
    const shown = Object.fromEntries(
      Object.entries(doc.paths)
        .filter(([path]) => path !== "/")
        .map(([path, ops]) => [path, Object.keys(ops)]),
    );
    expect(shown).toEqual(expectedPaths(caller));
    expect(Object.keys(doc.definitions).sort()).toEqual(
      Object.keys(shown)
        .map((p) => p.slice(1))
        .sort(),
    );
  });

  it("shows the service_role key every table, but no write on a table only the server writes", async () => {
    const doc = (await root(ctx.serviceRoleKey)).body as Root;
    expect(Object.keys(doc.paths).filter((p) => p !== "/")).toHaveLength(Object.keys(tables).length);
    expect(Object.keys(doc.paths["/crm_activity"] ?? {})).toEqual(["get"]);
  });

  it("keeps staff-only tables from the anonymous key, and describes columns as PostgREST does", async () => {
    const doc = (await root()).body as Root;
    expect(doc.paths["/crm_contacts"]).toBeUndefined();
    expect(doc.definitions.crm_contacts).toBeUndefined();
    expect(doc.paths["/events"]).toEqual({ get: expect.any(Object) });
    const events = doc.definitions.events;
    expect(events?.required).toContain("title");
    expect(events?.required).not.toContain("id");
    expect(events?.properties.event_date?.format).toBe("timestamp with time zone");
    expect(events?.properties.id).toMatchObject({
      format: "uuid",
      description: expect.stringContaining("<pk/>"),
    });
  });

  it("needs the API key, and answers 406 PGRST107 to a type it does not speak", async () => {
    const bare = await request(ctx.app).get("/rest/v1/");
    expect(bare.status).toBe(401);
    const csv = await root().set("Accept", "text/csv");
    expect(csv.status).toBe(406);
    expect(csv.body.code).toBe("PGRST107");
    const openapi = await root().set("Accept", "application/openapi+json");
    expect(openapi.status).toBe(200);
  });
});
