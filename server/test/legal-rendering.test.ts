import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { legalClient, SEEDED_DOCUMENTS, sha256 } from "./legal-support";
import { docxText, pdfText } from "./support/document-text";

/** Rendering a draft: real files in the documents bucket whose text is the filled document. */

let ctx: TestContext;
let staff: string;
let legal: ReturnType<typeof legalClient>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
  legal = legalClient(ctx, () => staff);
});
afterAll(() => ctx.close());

const PDF_TYPE = "application/pdf";
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

describe("render_legal_document", () => {
  it("renders a draft to HTML, PDF and DOCX holding the values, the clauses and Stockholm's å/ö", async () => {
    const doc = await legal.ndaDraft(["render@example.se"]);
    const rendered = await legal.ok("render_legal_document", { document_id: doc.id });
    expect(rendered.status).toBe("draft");
    expect(rendered.content_sha256).toBeNull();
    expect(rendered.rendered_pdf_url).toMatch(/^\/storage\/v1\/object\/documents\/legal\/.+\.pdf$/);
    expect(rendered.rendered_docx_url).toMatch(/^\/storage\/v1\/object\/documents\/legal\/.+\.docx$/);
    expect(String(rendered.rendered_html)).toContain("Åsa Öberg");
    expect(rendered.audit.map((e) => e.action)).toEqual(["created", "rendered"]);

    const pdf = await legal.download(rendered.rendered_pdf_url as string);
    expect(pdf.type).toBe(PDF_TYPE);
    const { text, pages } = await pdfText(pdf.bytes);
    for (const expected of [
      "Åsa Öberg",
      "asa@example.se",
      "2026-12-01",
      "Listening to the unreleased album Sjön & Staden.",
      "Götgatan 14, 118 46 Stockholm",
      "Stockholms tingsrätt",
      "Each party keeps the other's Confidential Information secret",
      `Page 1 of ${pages}`,
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("{{");

    const docx = await legal.download(rendered.rendered_docx_url as string);
    expect(docx.type).toBe(DOCX_TYPE);
    const word = await docxText(docx.bytes);
    for (const expected of [
      "Åsa Öberg",
      "asa@example.se",
      "Sjön & Staden",
      "Götgatan 14, 118 46 Stockholm",
      "Stockholms tingsrätt",
      "Each party keeps the other's Confidential Information secret",
    ])
      expect(word.text).toContain(expected);
    expect(word.footer).toContain("PAGE");
    expect(word.footer).toContain("NUMPAGES");
  });

  it("leaves out a line whose only value is optional and empty, and prints a dash for a missing party detail beside filled values", async () => {
    const doc = await legal.ndaDraft(["optional@example.se"], {
      payload: {
        variables: {
          counterparty: { name: "Åsa Öberg", email: null },
          effective_date: "2026-12-01",
          purpose: "Demos.",
          term_months: null,
        },
      },
    });
    const rendered = await legal.ok("render_legal_document", { document_id: doc.id });
    const { text } = await pdfText((await legal.download(rendered.rendered_pdf_url as string)).bytes);
    const word = (await docxText((await legal.download(rendered.rendered_docx_url as string)).bytes)).text;
    for (const [where, body] of [
      ["HTML", String(rendered.rendered_html)],
      ["PDF", text],
      ["DOCX", word],
    ]) {
      expect(body, where).toContain("Åsa Öberg");
      expect(body, where).toContain("(–)");
      expect(body, where).not.toContain("This agreement lasts for");
      expect(body, where).not.toContain("[");
    }
  });

  it("keeps headings, lists, bold, italics and tables in both files", async () => {
    const rendered = await legal.ok("render_legal_document", { document_id: SEEDED_DOCUMENTS.producer });
    const html = String(rendered.rendered_html);
    expect(html).toContain("<h1>Producer Agreement</h1>");
    expect(html).toContain("<table>");
    expect(html).toContain("<strong>Elias Lund</strong>");
    expect(html).toContain("<em>Velvet Arc EP</em>");
    const { text } = await pdfText((await legal.download(rendered.rendered_pdf_url as string)).bytes);
    expect(text).toContain("Producer Agreement");
    expect(text).toContain("45000 SEK");
    expect(text).toContain("3 % of net receipts");
    expect(text).toContain("00456789103");
    const { xml } = await docxText((await legal.download(rendered.rendered_docx_url as string)).bytes);
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(xml).toContain("<w:tbl>");
    expect(xml).toMatch(/<w:b\/>.*Elias Lund/s);
    expect(xml).toMatch(/<w:i\/>.*Velvet Arc EP/s);
  });

  it("escapes values: markdown and HTML in a variable are text, never markup", async () => {
    const doc = await legal.ndaDraft(["escape@example.se"], {
      payload: {
        variables: {
          counterparty: { name: "<script>alert(1)</script> **bold** {{purpose}}", email: "x@example.se" },
          effective_date: "2026-12-01",
          purpose: "# not a heading\n\n- not a list [link](javascript:alert(1))",
        },
      },
    });
    const rendered = await legal.ok("render_legal_document", { document_id: doc.id });
    const html = String(rendered.rendered_html);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; **bold** {{purpose}}");
    expect(html).not.toContain("<h1>not a heading");
    expect(html).not.toContain("href=");
    const { text } = await pdfText((await legal.download(rendered.rendered_pdf_url as string)).bytes);
    expect(text).toContain("<script>alert(1)</script> **bold** {{purpose}}");
  });

  it("refuses a document past draft (409) and answers 404 for a missing one", async () => {
    const voided = await legal.rpc("render_legal_document", { document_id: SEEDED_DOCUMENTS.voided });
    expect(voided.status).toBe(409);
    expect(voided.body.code).toBe("55000");
    const missing = await legal.rpc("render_legal_document", {
      document_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(404);
  });

  it("drops the rendered files from a draft that is edited afterwards", async () => {
    const doc = await legal.ndaDraft(["edit@example.se"]);
    const rendered = await legal.ok("render_legal_document", { document_id: doc.id });
    const bytes = (await legal.download(rendered.rendered_pdf_url as string)).bytes;
    expect(sha256(bytes)).toHaveLength(64);
    const edited = await legal
      .api("patch", `/rest/v1/legal_documents?id=eq.${doc.id}`)
      .set(legal.representation)
      .send({ title: "NDA, edited" });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body[0].rendered_pdf_url).toBeNull();
    expect(edited.body[0].audit.map((e: { action: string }) => e.action)).toEqual([
      "created",
      "rendered",
      "updated",
    ]);
  });
});
