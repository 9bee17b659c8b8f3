import type { StatementHeader } from "@app/contracts";
import { openStatement } from "../import/open-statement";

/**
 * A sample statement file's header row, read exactly as an import would read it (workbook or text, its
 * encoding and delimiter sniffed), so a mapping built from it names the columns the import will find.
 * Only the header is read; nothing is stored.
 */
export async function readStatementHeader(bytes: Buffer): Promise<StatementHeader> {
  const opened = await openStatement(
    (async function* () {
      yield bytes;
    })(),
  );
  return { header: opened.header, format: opened.format };
}
