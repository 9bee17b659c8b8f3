import { type APIRequestContext, expect } from "@playwright/test";
import { accessTokenFor, anonKey, createUser } from "../support/server";

/** Writes the one row as an administrator through the data API: entered the first time, changed after. */
export async function storeCompanySettings(request: APIRequestContext, changes: Record<string, string> = {}) {
  const headers = {
    apikey: anonKey(),
    authorization: `Bearer ${await accessTokenFor(request, createUser("admin"))}`,
    prefer: "return=representation",
  };
  const row = {
    name: "Slussen Sound AB",
    street_address: "Götgatan 14",
    postal_code: "118 46",
    city: "Stockholm",
    org_number: "556047-3521",
    vat_number: "SE556047352101",
    bankgiro: "160-9908",
    email: "faktura@slussensound.example.se",
    phone: "08-123 456 78",
    website: "https://slussensound.example.se/",
    ...changes,
  };
  const existing = (await (await request.get("/rest/v1/company_settings", { headers })).json()) as unknown[];
  const res =
    existing.length === 0
      ? await request.post("/rest/v1/company_settings", { headers, data: row })
      : await request.patch("/rest/v1/company_settings?id=not.is.null", { headers, data: row });
  expect(res.ok(), await res.text()).toBe(true);
}
