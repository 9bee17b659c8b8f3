import { describe, expect, it } from "vitest";
import { documentRow, templateRow } from "@/features/legal/test/legal-fixtures";
import { documentToForm, emptyDocumentForm, formToDocument } from "@/features/legal/utils/document-form";

const producer = templateRow({
  variables: [
    { key: "producer", label: "Producer", required: true, type: "party", source: "contact" },
    { key: "witness", label: "Witness", required: false, type: "party" },
    { key: "fee_sek", label: "Fee", required: true, type: "number" },
    { key: "royalty", label: "Royalty", required: true, type: "percent" },
    { key: "delivery", label: "Delivery", required: true, type: "date" },
    { key: "notes", label: "Notes", required: false, type: "text" },
  ],
});

describe("formToDocument", () => {
  it("leaves a contact-sourced party empty for the server to fill, and types numbers as numbers", () => {
    const values = {
      ...emptyDocumentForm(producer.id),
      title: "  Producer Agreement  ",
      contact_id: "11111111-1111-4111-8111-111111111111",
      text: { fee_sek: "25 000", royalty: "3,5 %", delivery: "2026-12-18", notes: "  " },
      party: {
        producer: { name: "Typed over", email: "" },
        witness: { name: " Ella ", email: "ella@example.com" },
      },
      parties: [{ name: " Pia ", email: " pia@example.com ", role: "signer" as const }],
    };
    expect(formToDocument(values, producer)).toEqual({
      title: "Producer Agreement",
      template_id: producer.id,
      payload: {
        variables: {
          producer: null,
          witness: { name: "Ella", email: "ella@example.com" },
          fee_sek: 25000,
          royalty: 3.5,
          delivery: "2026-12-18",
          notes: null,
        },
        source_refs: { contact_id: "11111111-1111-4111-8111-111111111111" },
      },
      parties: [{ name: "Pia", email: "pia@example.com", role: "signer" }],
    });
  });

  it("sends a typed party when no contact is the source", () => {
    const values = { ...emptyDocumentForm(producer.id), party: { producer: { name: "Omar", email: "" } } };
    expect(formToDocument(values, producer).payload.variables.producer).toEqual({ name: "Omar" });
    expect(formToDocument(values, producer).payload.source_refs.contact_id).toBeNull();
  });
});

describe("documentToForm", () => {
  it("reads a saved draft back into the form", () => {
    const form = documentToForm(
      documentRow({
        payload: {
          variables: {
            producer: { name: "Pia", email: "pia@example.com", ipi: "00014107338" },
            fee_sek: 25000,
          },
          source_refs: { contact_id: "11111111-1111-4111-8111-111111111111" },
        },
        parties: [{ name: "Pia", email: "pia@example.com", role: "signer", status: "pending" }],
      }),
    );
    expect(form.text).toEqual({ fee_sek: "25000" });
    expect(form.party).toEqual({ producer: { name: "Pia", email: "pia@example.com" } });
    expect(form.contact_id).toBe("11111111-1111-4111-8111-111111111111");
    expect(form.parties).toEqual([{ name: "Pia", email: "pia@example.com", role: "signer" }]);
  });
});
