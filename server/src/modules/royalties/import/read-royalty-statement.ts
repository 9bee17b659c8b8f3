import type { RoyaltyColumnMapping } from "@app/contracts";
import { createSekConverter } from "./convert-to-sek";
import { compileMapping, type MappingOptions, type StatementLine } from "./map-statement-line";
import { openStatement } from "./open-statement";
import type { StatementDelimiter, StatementEncoding } from "./sniff";

export interface ConvertedLine extends StatementLine {
  /** The line in SEK öre, from the statement's running total (see convert-to-sek.ts). */
  amount_ore: number;
}

interface StatementSummary {
  sha256: string;
  lines: number;
  /** Equals the sum of every line's amount_ore. */
  total_ore: number;
  /** The exact SEK total before rounding, for the audit trail. */
  exact_total_sek: string;
}

export interface RoyaltyStatementReading {
  encoding: StatementEncoding;
  delimiter: StatementDelimiter;
  header: string[];
  /** The mapped, converted lines, one at a time as the caller asks for them. Iterate once. */
  lines(): AsyncGenerator<ConvertedLine>;
  /** Known once lines() has been read to the end. */
  summary(): StatementSummary;
}

/** A statement file through sniffing, parsing, the column mapping and conversion to öre, as one stream. */
export async function readRoyaltyStatement(
  input: AsyncIterable<Uint8Array>,
  mapping: RoyaltyColumnMapping,
  options: MappingOptions = {},
): Promise<RoyaltyStatementReading> {
  const statement = await openStatement(input);
  const mapLine = compileMapping(mapping, statement.header, options);
  const converter = createSekConverter();
  let count = 0;
  let done = false;
  return {
    encoding: statement.encoding,
    delimiter: statement.delimiter,
    header: statement.header,
    async *lines() {
      for await (const record of statement.records()) {
        const line = mapLine(record);
        if (!line) continue;
        count += 1;
        yield { ...line, amount_ore: converter.convert(line) };
      }
      done = true;
    },
    summary() {
      if (!done) throw new Error("The statement's summary is known only once every line has been read");
      return {
        sha256: statement.sha256(),
        lines: count,
        total_ore: converter.totalOre(),
        exact_total_sek: converter.exactTotal(),
      };
    },
  };
}
