import { randomUUID } from "node:crypto";
import type { PostgrestClient } from "@supabase/postgrest-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "./helpers";
import { startStaffDataApi } from "./support/live-server";

/**
 * PUT, PostgREST's single-row upsert by primary key: a new key inserts (201), an existing one is replaced
 * (200 with the row, 204 without), and anything but exactly `id=eq.X` with the body's own key is refused
 * with PostgREST's error before anything is written. Policies, hooks and frozen rows are the upsert's
 * (see the access matrix and the frozen-rows suite).
 */

let ctx: TestContext;
let rest = "";
let token = "";
let client: PostgrestClient;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, rest, token, client, close } = await startStaffDataApi());
});
afterAll(() => close?.());

const put = (query: string, body: unknown, prefer = "return=representation") =>
  fetch(`${rest}/crm_contacts?${query}`, {
    method: "PUT",
    headers: {
      apikey: ctx.anonKey,
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      Prefer: prefer,
    },
    body: JSON.stringify(body),
  });

async function contacts() {
  const { data, error } = await client.from("crm_contacts").select("id,first_name,last_name,stage_name");
  expect(error).toBeNull();
  return data;
}

describe("PUT by primary key", () => {
  it("inserts a new key, then replaces that row", async () => {
    const id = randomUUID();
    const created = await put(`id=eq.${id}&select=first_name,stage_name`, {
      id,
      first_name: "Anna",
      last_name: "Berg",
      stage_name: "Bay",
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual([{ first_name: "Anna", stage_name: "Bay" }]);

    const replaced = await put(`id=eq.${id}&select=first_name,stage_name`, [
      { id, first_name: "Anna", last_name: "Berg", stage_name: "Baywatch" },
      { id: randomUUID(), first_name: "Ignored", last_name: "Second" },
    ]);
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toEqual([{ first_name: "Anna", stage_name: "Baywatch" }]);

    const quiet = await put(`id=eq.${id}`, { id, first_name: "Anna", last_name: "Åberg" }, "return=minimal");
    expect(quiet.status).toBe(204);
    expect(await contacts()).toEqual([
      { id, first_name: "Anna", last_name: "Åberg", stage_name: "Baywatch" },
    ]);
  });

  it("refuses anything but the whole key with eq, and a body naming another key, writing nothing", async () => {
    const before = await contacts();
    const id = before?.[0]?.id as string;
    const body = { id, first_name: "Changed", last_name: "Changed" };
    const refusals: [string, unknown, number, string][] = [
      [`first_name=eq.Anna`, body, 405, "PGRST105"],
      [`id=not.eq.${id}`, body, 405, "PGRST105"],
      [`id=in.(${id})`, body, 405, "PGRST105"],
      [`id=eq.${id}&first_name=eq.Anna`, body, 405, "PGRST105"],
      [`or=(id.eq.${id})`, body, 405, "PGRST105"],
      ["", body, 405, "PGRST105"],
      [`id=eq.${id}&limit=1`, body, 400, "PGRST114"],
      [`id=eq.${randomUUID()}`, body, 400, "PGRST115"],
      [`id=eq.${id}`, { first_name: "No", last_name: "Key" }, 400, "PGRST115"],
    ];
    for (const [query, sent, status, code] of refusals) {
      const res = await put(query, sent);
      const answer = (await res.json()) as { code: string; details: unknown; hint: unknown };
      expect([res.status, answer.code], query).toEqual([status, code]);
      expect(answer, query).toMatchObject({ details: null, hint: null });
    }
    expect(await contacts()).toEqual(before);
  });

  it("is refused to a caller without both grants", async () => {
    const id = randomUUID();
    const res = await fetch(`${rest}/crm_contacts?id=eq.${id}`, {
      method: "PUT",
      headers: { apikey: ctx.anonKey, "Content-Type": "application/json" },
      body: JSON.stringify({ id, first_name: "Anon", last_name: "Put" }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()) as { code: string }).toMatchObject({ code: "42501" });
  });
});
