import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { legalClient, SEEDED_DOCUMENTS, TEMPLATES } from "./legal-support";

/** Templates and the clause library: checked on save, kept whole while in use, searchable. */

let ctx: TestContext;
let staff: string;
let legal: ReturnType<typeof legalClient>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
  legal = legalClient(ctx, () => staff);
});
afterAll(() => ctx.close());

const text = (key: string, required = true) => ({ key, label: key, required, type: "text" });
const template = (body_md: string, variables: object[] = [], category = "Custom") => ({
  title: "A template",
  category,
  variables,
  body_md,
});

describe("saving a template", () => {
  it("refuses an undeclared placeholder, an unknown clause, a party field on a text variable, a misplaced writers table", async () => {
    const cases: [object, string][] = [
      [template("Hello {{name}}"), "{{name}} is not a declared variable"],
      [template("{{clause:no_such_clause_v1}}"), "{{clause:no_such_clause_v1}} names no clause"],
      [template("{{name.email}}", [text("name")]), "only a party variable has .email"],
      [template("{{writers}}"), "only for Split Sheet templates"],
      [template("{{ Not A Key! }}"), "is not a placeholder"],
    ];
    for (const [body, problem] of cases) {
      const res = await legal.api("post", "/rest/v1/legal_templates").send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("23514");
      expect(res.body.details).toContain(problem);
    }
    const duplicateKeys = await legal
      .api("post", "/rest/v1/legal_templates")
      .send(template("{{a}}", [text("a"), text("a")]));
    expect(duplicateKeys.status).toBe(400);
  });

  it("saves a template whose placeholders are declared and whose clauses exist, also in the clause text", async () => {
    const saved = await legal.insert(
      "legal_templates",
      template("# Deal\n\n{{party}} ({{party.ipi}}) signs.\n\n{{clause:governing_law_sweden_v1}}", [
        { key: "party", label: "Party", required: true, type: "party", source: "contact" },
      ]),
    );
    expect(saved.owner_id).toEqual(expect.any(String));
    const breaking = await legal
      .api("patch", `/rest/v1/legal_templates?id=eq.${saved.id}`)
      .send({ body_md: "{{party}} and {{someone_else}}" });
    expect(breaking.status).toBe(400);
    const clause = await legal.insert("legal_clauses", {
      slug: "mentions_fee_v1",
      title: "Mentions a fee",
      body_md: "The fee is {{fee}}.",
    });
    const missingInClause = await legal
      .api("post", "/rest/v1/legal_templates")
      .send(template("{{clause:mentions_fee_v1}}"));
    expect(missingInClause.status).toBe(400);
    expect(missingInClause.body.details).toContain(
      "{{fee}} (in clause mentions_fee_v1) is not a declared variable",
    );
    expect(clause.slug).toBe("mentions_fee_v1");
  });

  it("previews a template with sample values, checked like a save", async () => {
    const preview = await legal.rpc("preview_legal_template", {
      body_md: "# {{title}}\n\n{{party}} ({{party.email}}) on {{day}}\n\n{{writers}}",
      category: "Split Sheet",
      variables: [
        text("title"),
        { key: "party", label: "Party", required: true, type: "party" },
        { key: "day", label: "Day", required: true, type: "date" },
      ],
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.html).toContain("<h1>title</h1>");
    expect(preview.body.html).toContain("Alva Lindqvist (alva@example.se) on 2026-01-15");
    expect(preview.body.html).toContain("<table>");
    const bad = await legal.rpc("preview_legal_template", { body_md: "{{nope}}", variables: [] });
    expect(bad.status).toBe(400);
  });

  it("refuses to delete a template while documents use it (409), and deletes it once they are gone", async () => {
    const used = await legal.api("delete", `/rest/v1/legal_templates?id=eq.${TEMPLATES.nda}`);
    expect(used.status).toBe(409);
    expect((await legal.api("get", `/rest/v1/legal_templates?id=eq.${TEMPLATES.nda}`)).body).toHaveLength(1);
    const own = await legal.insert("legal_templates", template("Plain text"));
    const doc = await legal.insert("legal_documents", { title: "On my template", template_id: own.id });
    expect((await legal.api("delete", `/rest/v1/legal_templates?id=eq.${own.id}`)).status).toBe(409);
    expect((await legal.api("delete", `/rest/v1/legal_documents?id=eq.${doc.id}`)).status).toBe(204);
    expect((await legal.api("delete", `/rest/v1/legal_templates?id=eq.${own.id}`)).status).toBe(204);
    expect(SEEDED_DOCUMENTS.nda).toBeTruthy();
  });
});

describe("the clause library", () => {
  it("searches title, slug or any tag case-insensitively", async () => {
    const search = async (term: string) => {
      const res = await legal.api(
        "get",
        `/rest/v1/legal_clauses?search_text=ilike.*${encodeURIComponent(term)}*`,
      );
      expect(res.status, res.text).toBe(200);
      return (res.body as { slug: string }[]).map((c) => c.slug);
    };
    expect(await search("CONFIDENTIALITY (STANDARD)")).toEqual(["confidentiality_standard_v1"]);
    expect(await search("Work_For_Hire")).toEqual(["work_for_hire_master_v1"]);
    expect(await search("sek")).toEqual(["payment_terms_sek_v1"]);
    expect(await search("DISPUTES")).toEqual(["governing_law_sweden_v1"]);
  });

  it("keeps slugs unique and snake_case with a version", async () => {
    const duplicate = await legal
      .api("post", "/rest/v1/legal_clauses")
      .send({ slug: "confidentiality_standard_v1", title: "Again", body_md: "x" });
    expect(duplicate.status).toBe(409);
    const badSlug = await legal
      .api("post", "/rest/v1/legal_clauses")
      .send({ slug: "Not A Slug", title: "Bad", body_md: "x" });
    expect(badSlug.status).toBe(400);
  });

  it("cannot delete, rename or break a clause a template includes", async () => {
    const clause = "governing_law_sweden_v1";
    const id = (await legal.api("get", `/rest/v1/legal_clauses?slug=eq.${clause}`)).body[0].id;
    expect((await legal.api("delete", `/rest/v1/legal_clauses?id=eq.${id}`)).status).toBe(409);
    expect(
      (await legal.api("patch", `/rest/v1/legal_clauses?id=eq.${id}`).send({ slug: "law_v2" })).status,
    ).toBe(409);
    const breaking = await legal
      .api("patch", `/rest/v1/legal_clauses?id=eq.${id}`)
      .send({ body_md: "Governed by {{undeclared_thing}}." });
    expect(breaking.status).toBe(400);
    const fine = await legal
      .api("patch", `/rest/v1/legal_clauses?id=eq.${id}`)
      .set(legal.representation)
      .send({ title: "Governing law (Sweden, Stockholm)", tags: ["Jurisdiction"] });
    expect(fine.status).toBe(200);
    expect(fine.body[0].search_text).toContain("jurisdiction");
  });
});
