import request from "supertest";
import { expect } from "vitest";
import type { TestContext } from "../helpers";

/**
 * The data API as the royalty tests call it, as one of the roles in `tokens` (filled in once the test
 * context is up, so both are read at call time).
 */
export function royaltyApi<Role extends string>(context: () => TestContext, tokens: Record<Role, string>) {
  const call = (
    method: "get" | "post" | "patch" | "delete",
    path: string,
    body?: object,
    who = "staff" as Role,
  ) => {
    const ctx = context();
    const req = request(ctx.app)
      [method](path)
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${tokens[who]}`)
      .set("Prefer", "return=representation");
    return body === undefined ? req : req.send(body);
  };
  /** A row written through the data API as staff; answers its id. */
  const created = async (table: string, row: object): Promise<string> => {
    const res = await call("post", `/rest/v1/${table}`, row);
    expect(res.status, res.text).toBe(201);
    return res.body[0].id;
  };
  return { call, created };
}
