import { randomUUID } from "node:crypto";
import type { Database } from "../../src/db/database";

/**
 * A split sheet document in the state signing leaves it (or another), written straight to the database:
 * for tests about what a signed split does, not about signing. Answers the document's id.
 */
export async function insertSplitSheetDocument(
  db: Database,
  writers: { legal_name: string; share_percent: number; ipi?: string | null }[],
  status = "fully_signed",
) {
  const templateId = randomUUID();
  const id = randomUUID();
  const payload = { writers: writers.map((w) => ({ contribution: ["music"], ipi: null, ...w })) };
  await db
    .insertInto("legal_templates")
    .values({
      id: templateId,
      title: "Split Sheet",
      category: "Split Sheet",
      body_md: "# Split Sheet",
    } as never)
    .execute();
  await db
    .insertInto("legal_documents")
    .values({
      id,
      title: `Split Sheet ${id.slice(0, 8)}`,
      status,
      template_id: templateId,
      payload: db.engine === "postgres" ? payload : JSON.stringify(payload),
    } as never)
    .execute();
  return id;
}
