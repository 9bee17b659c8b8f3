import { describe, expect, it } from "vitest";
import { documentRow, templateRow } from "@/features/legal/test/legal-fixtures";
import { documentToForm, emptyDocumentForm, formToDocument } from "@/features/legal/utils/document-form";
import {
  emptyWriter,
  rowToWriter,
  type WriterRow,
  writerProblems,
} from "@/features/legal/utils/writers-form";

const writer = (legal_name: string, share_percent: string, extra: Partial<WriterRow> = {}): WriterRow => ({
  ...emptyWriter(),
  legal_name,
  share_percent,
  contribution: ["music"],
  ...extra,
});

describe("writerProblems", () => {
  it("accepts shares that add up to 100.00 in hundredths, commas included", () => {
    expect(writerProblems([writer("A", "33,33"), writer("B", "33.33 %"), writer("C", "33.34")])).toEqual([]);
  });

  it("says what Send would refuse: the total, a missing name, an invalid IPI", () => {
    const problems = writerProblems([
      writer("Ada Berg", "50", { ipi: "00014107339" }),
      writer("", "49.99", { publisher_ipi: "00123456790" }),
    ]);
    expect(problems).toEqual([
      "The shares add up to 99.99 %, not 100.00 %.",
      "Ada Berg's IPI is not a valid IPI name number.",
      "Writer 2 needs a legal name.",
    ]);
    expect(writerProblems([])).toEqual(["A split sheet needs at least one writer."]);
    expect(writerProblems([writer("A", "fifty")])[0]).toContain("not a number");
  });
});

describe("split sheet writers in the document", () => {
  const splitSheet = templateRow({ category: "Split Sheet", variables: [] });
  const rows = [
    writer(" Ada Berg ", "60", { ipi: "00014107338", email: " ada@example.com " }),
    writer("Bo", "40"),
  ];

  it("are stored in the payload as typed values, blanks as null", () => {
    const saved = formToDocument(
      { ...emptyDocumentForm(splitSheet.id), title: "Song", writers: rows },
      splitSheet,
    );
    expect(saved.payload.writers).toEqual([
      {
        legal_name: "Ada Berg",
        credited_name: null,
        email: "ada@example.com",
        contribution: ["music"],
        share_percent: 60,
        society: null,
        ipi: "00014107338",
        publisher: null,
        publisher_ipi: null,
      },
      rowToWriter(rows[1] as WriterRow),
    ]);
  });

  it("are left out for other templates, and read back from a saved draft", () => {
    const nda = templateRow({ category: "NDA", variables: [] });
    expect(formToDocument({ ...emptyDocumentForm(nda.id), writers: rows }, nda).payload).not.toHaveProperty(
      "writers",
    );
    const saved = documentRow({ payload: { writers: rows.map(rowToWriter) } });
    expect(documentToForm(saved).writers.map((w) => [w.legal_name, w.share_percent])).toEqual([
      ["Ada Berg", "60"],
      ["Bo", "40"],
    ]);
  });
});
