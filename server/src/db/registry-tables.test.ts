import type { Generated, Insertable, Selectable } from "kysely";
import { describe, expectTypeOf, it } from "vitest";
import type { RegistryTables } from "./registry-tables";
import type { Tables } from "./schema";

/** Checked by the type checker (tsc -p server): the derived types say what each engine hands back. */
describe("RegistryTables", () => {
  it("types lists and JSON as either engine returns them, and booleans as SQLite's 0/1 too", () => {
    type Contact = Selectable<RegistryTables["crm_contacts"]>;
    expectTypeOf<Contact["roles"]>().toEqualTypeOf<string | string[]>();
    expectTypeOf<Contact["strengths"]>().toEqualTypeOf<string | Record<string, number>>();
    expectTypeOf<Selectable<RegistryTables["legal_templates"]>["is_shared"]>().toEqualTypeOf<
      boolean | number
    >();
  });

  it("keeps nullability and makes defaulted columns optional on insert", () => {
    type Deal = RegistryTables["crm_deals"];
    expectTypeOf<Deal["company_id"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Deal["created_at"]>().toEqualTypeOf<Generated<string>>();
    expectTypeOf<Insertable<Deal>>().toMatchTypeOf<{ title: string }>();
  });

  it("covers every declared table in the database's type", () => {
    expectTypeOf<Tables>().toMatchTypeOf<RegistryTables>();
    expectTypeOf<"crm_deals" | "portfolio_items" | "studio_sessions">().toMatchTypeOf<keyof Tables>();
  });
});
