import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { legalClient, mailedToken, SEEDED_DOCUMENTS, signing, TEMPLATES } from "./legal-support";
import { docxText, pdfText } from "./support/document-text";

/** The split sheet: sending needs shares of exactly 100.00 % and valid IPIs; signed shares stay readable. */

let ctx: TestContext;
let staff: string;
let legal: ReturnType<typeof legalClient>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
  legal = legalClient(ctx, () => staff);
});
afterAll(() => ctx.close());

const writer = (legal_name: string, share_percent: number, ipi: string | null, email: string) => ({
  legal_name,
  credited_name: null,
  email,
  contribution: ["music"],
  share_percent,
  society: "STIM",
  ipi,
  publisher: null,
  publisher_ipi: null,
});

async function splitSheet(writers: object[], n: number) {
  return legal.insert("legal_documents", {
    title: `Split ${n}`,
    template_id: TEMPLATES.splitSheet,
    payload: {
      variables: { song_title: "Vårvinter på Söder", session_date: "2026-11-02" },
      writers,
    },
    parties: [
      { name: "Writer One", email: `one-${n}@example.se`, role: "signer" },
      { name: "Writer Two", email: `two-${n}@example.se`, role: "signer" },
    ],
  });
}

describe("sending a split sheet", () => {
  it("refuses shares that do not add up to exactly 100.00, and invalid IPIs (400, nothing changes)", async () => {
    const cases: [object[], string][] = [
      [[writer("One", 50, null, "a@x.se"), writer("Two", 49.99, null, "b@x.se")], "add up to 99.99 %"],
      [[writer("One", 50, null, "a@x.se"), writer("Two", 50.01, null, "b@x.se")], "add up to 100.01 %"],
      [
        [writer("One", 50, "00014107339", "a@x.se"), writer("Two", 50, null, "b@x.se")],
        "IPI name number is not valid",
      ],
      [
        [writer("One", 50, "1234", "a@x.se"), writer("Two", 50, null, "b@x.se")],
        "IPI name number is not valid",
      ],
      [
        [writer("One", 50.005, null, "a@x.se"), writer("Two", 49.995, null, "b@x.se")],
        "more than two decimals",
      ],
      [[], "at least one writer"],
    ];
    let n = 0;
    for (const [writers, problem] of cases) {
      const doc = await splitSheet(writers, ++n);
      const res = await legal.rpc("send_legal_document", { document_id: doc.id });
      expect(res.status, problem).toBe(400);
      expect(res.body.details).toContain(problem);
      expect(await legal.read(doc.id)).toEqual(doc);
    }
  });

  it("sends 33.33 + 33.33 + 33.34 with valid IPIs; the signed shares read back through the API", async () => {
    const doc = await splitSheet(
      [
        writer("Alva Lindqvist", 33.33, "00014107338", "alva@x.se"),
        writer("Elias Berg", 33.33, "00456789103", "elias@x.se"),
        writer("Maja Nyström", 33.34, "00246802468", "maja@x.se"),
      ],
      100,
    );
    const sent = await legal.ok("send_legal_document", { document_id: doc.id });
    const { text } = await pdfText((await legal.download(sent.rendered_pdf_url as string)).bytes);
    for (const expected of ["Vårvinter på Söder", "Maja Nyström", "33.34 %", "00246802468"])
      expect(text).toContain(expected);
    const sign = signing(ctx);
    for (const [to, name] of [
      ["one-100@example.se", "Writer One"],
      ["two-100@example.se", "Writer Two"],
    ])
      expect((await sign.sign(await mailedToken(ctx, to as string), name)).status).toBe(200);
    const shares = await legal.api(
      "get",
      `/rest/v1/legal_documents?id=eq.${doc.id}&status=eq.fully_signed&select=payload`,
    );
    expect(shares.body[0].payload.writers.map((w: { share_percent: number }) => w.share_percent)).toEqual([
      33.33, 33.33, 33.34,
    ]);
  });

  it("the seeded split sheet is a real one that can be sent", async () => {
    const seeded = await legal.read(SEEDED_DOCUMENTS.splitSheet);
    expect(seeded.payload.writers).toHaveLength(3);
    expect((await legal.ok("send_legal_document", { document_id: seeded.id })).status).toBe(
      "awaiting_signatures",
    );
  });
});

describe("optional values left empty", () => {
  it("leave their line out of the preview, the signer's page, the PDF and the DOCX", async () => {
    const doc = await legal.insert("legal_documents", {
      title: "Split without alternates",
      template_id: TEMPLATES.splitSheet,
      payload: {
        variables: { song_title: "Vårvinter på Söder", alternate_titles: "  ", session_date: "2026-11-02" },
        writers: [writer("Maja Nyström", 60, null, "maja@x.se"), writer("Olle Berg", 40, null, "olle@x.se")],
      },
      parties: [{ name: "Maja Nyström", email: "maja-empty@example.se", role: "signer" }],
    });
    const absent = ["Alternate titles", "Session location", "[", "{{"];
    const present = ["Vårvinter på Söder", "Session date", "2026-11-02", "Maja Nyström", "60.00 %"];
    const check = (where: string, text: string) => {
      for (const s of present) expect(text, `${where} shows ${s}`).toContain(s);
      for (const s of absent) expect(text, `${where} leaves out ${s}`).not.toContain(s);
    };

    const preview = await legal.ok("render_legal_document", { document_id: doc.id });
    check("the preview", String(preview.rendered_html));
    // A table wider than a phone scrolls sideways in a labelled region a keyboard can focus.
    expect(String(preview.rendered_html)).toContain(
      '<div class="table-scroll" role="region" aria-label="Table: Writers and shares" tabindex="0"><table>',
    );
    const sent = await legal.ok("send_legal_document", { document_id: doc.id });
    const view = await signing(ctx).view(await mailedToken(ctx, "maja-empty@example.se"));
    expect(view.status, view.text).toBe(200);
    check("the signer's page", view.body.document.rendered_html);
    check("the PDF", (await pdfText((await legal.download(sent.rendered_pdf_url as string)).bytes)).text);
    check("the DOCX", (await docxText((await legal.download(sent.rendered_docx_url as string)).bytes)).text);
  });

  it("a required one blocks sending, named (400, nothing changes)", async () => {
    const doc = await legal.insert("legal_documents", {
      title: "Split without a title",
      template_id: TEMPLATES.splitSheet,
      payload: {
        variables: { song_title: "", session_date: "2026-11-02" },
        writers: [writer("Maja Nyström", 100, null, "maja@x.se")],
      },
      parties: [{ name: "Maja Nyström", email: "maja-required@example.se", role: "signer" }],
    });
    const refused = await legal.rpc("send_legal_document", { document_id: doc.id });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toContain("Song title is required");
    expect((await legal.read(doc.id)).status).toBe("draft");
  });
});
