import { readFileSync } from "node:fs";
import { join } from "node:path";
import request from "supertest";
import { expect } from "vitest";
import type { TestContext } from "../helpers";
import { insertSplitSheetDocument } from "./split-sheet-document";

/** A statement as close_royalty_period answers it, with the amounts the tests read. */
export type ClosedStatement = Record<string, unknown> & {
  id: string;
  payee_id: string;
  earnings_ore: number;
  fee_ore: number;
  payable_ore: number;
  vat_ore: number;
};

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
  /**
   * The society statement fixture imported into a new period (2021 H1) of a new society source, and the
   * period closed; answers the statements the close wrote.
   */
  const closedSocietyPeriod = async (sourceName: string) => {
    const ctx = context();
    const source = await created("royalty_sources", {
      name: sourceName,
      kind: "society",
      mapping_key: "society_sek",
    });
    const period = await created("royalty_periods", {
      name: "2021 H1",
      starts_on: "2021-01-01",
      ends_on: "2021-06-30",
    });
    const statementFile = readFileSync(
      join(import.meta.dirname, "..", "fixtures", "royalties", "society-sek.csv"),
    );
    const imported = await request(ctx.app)
      .post("/api/royalties/imports")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${tokens["staff" as Role]}`)
      .field("source_id", source)
      .field("period_id", period)
      .attach("file", statementFile, "society.csv");
    expect(imported.status, imported.text).toBe(201);
    const closed = await call("post", "/rest/v1/rpc/close_royalty_period", { period_id: period });
    expect(closed.status, closed.text).toBe(200);
    return closed.body.statements as ClosedStatement[];
  };
  /**
   * A split sheet as signing leaves it (written straight to the database: these tests are about the money,
   * not the signing), linked to the work from `from`; answers the document's id.
   */
  const signedSplitSheet = async (
    workId: string,
    writers: { legal_name: string; share_percent: number; ipi?: string }[],
    { from = "2016-01-01", status = "fully_signed" } = {},
  ) => {
    const documentId = await insertSplitSheetDocument(context().db, writers, status);
    if (status === "fully_signed")
      await created("work_split_sheets", {
        work_id: workId,
        legal_document_id: documentId,
        effective_from: from,
      });
    return documentId;
  };
  return { call, created, closedSocietyPeriod, signedSplitSheet };
}
