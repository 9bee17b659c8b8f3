import { createHash } from "node:crypto";
import { createReadStream, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import {
  DISTROKID_TSV_MAPPING,
  type RoyaltyColumnMapping,
  SOCIETY_SEK_MAPPING,
  TUNECORE_CSV_MAPPING,
} from "@app/contracts";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { MappingOptions } from "../src/modules/royalties/import/map-statement-line";
import { openStatement } from "../src/modules/royalties/import/open-statement";
import {
  type ConvertedLine,
  readRoyaltyStatement,
} from "../src/modules/royalties/import/read-royalty-statement";
import { StatementParseError } from "../src/modules/royalties/import/statement-parse-error";

const fixtures = join(import.meta.dirname, "fixtures", "royalties");
const fixture = (name: string) => join(fixtures, name);

/** The whole statement read as a stream in chunks of `chunkSize` bytes, every line and the summary. */
async function readAll(
  source: AsyncIterable<Uint8Array>,
  mapping: RoyaltyColumnMapping,
  options: MappingOptions = {},
) {
  const reading = await readRoyaltyStatement(source, mapping, options);
  const lines: ConvertedLine[] = [];
  for await (const line of reading.lines()) lines.push(line);
  return { reading, lines, summary: reading.summary() };
}

async function* chunks(bytes: Uint8Array, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const text = (value: string, encoding: BufferEncoding = "utf8") =>
  chunks(Buffer.from(value, encoding), 1 << 16);

async function parseFailure(promise: Promise<unknown>): Promise<StatementParseError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StatementParseError);
  return err as StatementParseError;
}

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

describe("the DistroKid-style TSV", () => {
  it("reads UTF-8 tab-separated rows, keeps USD exact and converts with the statement's rate", async () => {
    const { reading, lines, summary } = await readAll(
      createReadStream(fixture("distrokid.tsv")),
      DISTROKID_TSV_MAPPING,
      { rates: { USD: "10.4523" } },
    );
    expect(reading.format).toEqual({ kind: "delimited", encoding: "utf-8", delimiter: "\t" });
    expect(lines).toHaveLength(7);
    const [first, , halfTeam, album, adjustment, tiny, unknown] = lines;
    expect(first).toMatchObject({ row: 2, isrc: "SEZ9Z2500001", amount: "5.123456789012", currency: "USD" });
    expect(first?.rate).toBe("10.4523");
    expect(halfTeam?.raw["Team Percentage"]).toBe("50");
    expect(album).toMatchObject({
      isrc: null,
      upc: "735000000018",
      title: "Ljus över vatten",
      amount: "13.86",
    });
    expect(adjustment).toMatchObject({ usage_period: "2025-06", quantity: "-120", amount: "-0.4127" });
    expect(tiny?.amount).toBe("0.000342");
    expect(unknown).toMatchObject({ isrc: "QZZZZ2500999", artist: "Okänd Artist" });

    // The exact SEK total, rounded once: Σ amount × 10.4523.
    expect(summary.exact_total_sek).toBe("227.6458551923901276");
    expect(summary.total_ore).toBe(22765);
    expect(lines.reduce((sum, line) => sum + line.amount_ore, 0)).toBe(summary.total_ore);
    // Every line within one öre of its exact value.
    for (const line of lines)
      expect(Math.abs(line.amount_ore - Number(line.amount) * 10.4523 * 100)).toBeLessThan(1);
    expect(summary).toMatchObject({ lines: 7, sha256: sha256(fixture("distrokid.tsv")) });
  });

  it("refuses USD amounts when no rate to SEK is given, naming the row and the column", async () => {
    const err = await parseFailure(
      readAll(createReadStream(fixture("distrokid.tsv")), DISTROKID_TSV_MAPPING),
    );
    expect(err).toMatchObject({ row: 2, column: null, status: 422, code: "royalty_statement_invalid" });
    expect(err.message).toMatch(/USD/);
  });
});

describe("the TuneCore-style CSV", () => {
  it("reads a UTF-8 file with a byte order mark, hyphenated and lower-case ISRCs, and quoted commas", async () => {
    const { reading, lines, summary } = await readAll(
      createReadStream(fixture("tunecore.csv")),
      TUNECORE_CSV_MAPPING,
      {
        rates: { USD: "10.50" },
      },
    );
    expect(reading.format).toEqual({ kind: "delimited", encoding: "utf-8", delimiter: "," });
    expect(reading.header[0]).toBe("Sales Period");
    expect(lines.map((line) => line.isrc)).toEqual([
      "SEZ9Z2500001",
      "SEZ9Z2500002",
      "SEZ9Z2500003",
      "QZZZZ2500998",
    ]);
    expect(lines[2]).toMatchObject({
      title: "Stockholm Rain, Reprise",
      store: "iTunes",
      usage_period: "2025-10",
    });
    expect(lines[0]).toMatchObject({
      amount: "8.052312",
      currency: "USD",
      release_title: "Ljus över vatten",
    });
    expect(lines[0]?.raw["Net Sales Currency"]).toBe("EUR");
    expect(lines[3]?.usage_period).toBe("2025-09");
    // 11.9918192 USD × 10.50 = 125.9141016 SEK.
    expect(summary.exact_total_sek).toBe("125.9141016");
    expect(summary.total_ore).toBe(12591);
    expect(lines.reduce((sum, line) => sum + line.amount_ore, 0)).toBe(12591);
  });
});

describe("the society statement", () => {
  it("reads ISO-8859-1 with semicolons and decimal commas, keyed by work number and ISWC", async () => {
    const { reading, lines, summary } = await readAll(
      createReadStream(fixture("society-sek.csv")),
      SOCIETY_SEK_MAPPING,
    );
    expect(reading.format).toEqual({ kind: "delimited", encoding: "iso-8859-1", delimiter: ";" });
    expect(reading.header).toContain("Avräkningsområde");
    expect(lines).toHaveLength(6);
    const [radio, background, mechanical, foreign, correction, unknown] = lines;
    expect(radio).toMatchObject({
      work_number: "1234567",
      iswc: "T1234567894",
      amount: "1234.56",
      amount_ore: 123456,
    });
    expect(radio).toMatchObject({ right_type: "PR", usage_period: "2025-09", currency: "SEK", rate: "1" });
    // 87.305 SEK is half an öre past 87.30: the running total 1321.865 rounds to the even 1321.86.
    expect(background).toMatchObject({ amount: "87.305", amount_ore: 8730 });
    expect(mechanical).toMatchObject({ title: "Sånger från ängen", right_type: "MR", amount_ore: 41250 });
    expect(foreign).toMatchObject({ currency: "USD", rate: "10.4523", amount: "25.17" });
    expect(foreign?.amount_ore).toBe(26309); // 263.084391 SEK
    expect(correction).toMatchObject({ usage_period: "2025-03", amount: "-56.2", amount_ore: -5620 });
    expect(unknown).toMatchObject({ work_number: "9999999", iswc: null, title: "Okänd låt" });
    expect(summary.exact_total_sek).toBe("1953.999391");
    expect(summary.total_ore).toBe(195400);
    expect(lines.reduce((sum, line) => sum + line.amount_ore, 0)).toBe(195400);
    expect(summary.sha256).toBe(sha256(fixture("society-sek.csv")));
  });

  it("reads the same whether the bytes arrive one at a time or all at once", async () => {
    const bytes = readFileSync(fixture("society-sek.csv"));
    const whole = await readAll(chunks(bytes, bytes.length), SOCIETY_SEK_MAPPING);
    const trickle = await readAll(chunks(bytes, 1), SOCIETY_SEK_MAPPING);
    expect(trickle.lines).toEqual(whole.lines);
    expect(trickle.summary).toEqual(whole.summary);
  });
});

describe("an XLSX workbook", () => {
  /** The DistroKid columns as a workbook: typed cells as Excel keeps them, and a second sheet to skip. */
  async function distroKidWorkbook(): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Earnings");
    const header = readFileSync(fixture("distrokid.tsv"), "utf8").split("\n")[0]?.split("\t") ?? [];
    sheet.addRow(header);
    sheet.addRow([
      new Date(Date.UTC(2026, 0, 15)),
      "2025-11",
      "Spotify",
      "Nordvind Kollektiv",
      { richText: [{ text: "Midnatts" }, { text: "ljus", font: { bold: true } }] },
      "SE-Z9Z-25-00001",
      "735000000018",
      1532,
      100,
      "Song",
      "SE",
      0,
      5.123456789012,
    ]);
    sheet.addRow([
      new Date(Date.UTC(2026, 0, 15)),
      new Date(Date.UTC(2025, 5, 1)),
      "iTunes",
      "Nordvind Kollektiv",
      "Ljus över vatten",
      null,
      "735000000018",
      -2,
      100,
      "Album",
      "SE",
      0,
      { formula: "-6.93*2", result: -13.86 },
    ]);
    workbook.addWorksheet("Notes").addRow(["Not", "a", "statement"]);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  it("reads the first worksheet's typed cells as a CSV export would hold them, streaming", async () => {
    const bytes = await distroKidWorkbook();
    const { reading, lines, summary } = await readAll(chunks(bytes, 1000), DISTROKID_TSV_MAPPING, {
      rates: { USD: "10" },
    });
    expect(reading.format).toEqual({ kind: "xlsx" });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ row: 2, title: "Midnattsljus", isrc: "SEZ9Z2500001", quantity: "1532" });
    expect(lines[0]?.amount).toBe("5.123456789012");
    expect(lines[0]?.raw["Reporting Date"]).toBe("2026-01-15");
    expect(lines[1]).toMatchObject({ row: 3, isrc: null, usage_period: "2025-06", amount: "-13.86" });
    expect(summary).toMatchObject({ lines: 2, total_ore: 5123 - 13860 });
    expect(summary.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  it("keeps every entry when worksheets wait on a slow disk", async () => {
    // The streaming reader parks worksheets in temp files until the shared strings have been read; on
    // a busy disk the zip's input ends first, which once cost the workbook's last entry.
    const fromExcel = createRequire(createRequire(import.meta.url).resolve("exceljs/package.json"));
    const tmp = fromExcel("tmp") as { file: (done: unknown) => void };
    const file = tmp.file;
    tmp.file = (done) => setTimeout(() => file(done), 30);
    try {
      const { lines } = await readAll(chunks(await distroKidWorkbook(), 1000), DISTROKID_TSV_MAPPING, {
        rates: { USD: "10" },
      });
      expect(lines.map((line) => line.title)).toEqual(["Midnattsljus", "Ljus över vatten"]);
    } finally {
      tmp.file = file;
    }
  });

  it("refuses a damaged workbook with the one parse error", async () => {
    const bytes = await distroKidWorkbook();
    const damaged = Buffer.concat([bytes.subarray(0, 200), Buffer.alloc(400, 7), bytes.subarray(600)]);
    const err = await parseFailure(
      readAll(chunks(damaged, 1000), DISTROKID_TSV_MAPPING, { rates: { USD: "10" } }),
    );
    expect(err.code).toBe("royalty_statement_invalid");
  });
});

describe("encoding", () => {
  it("splits a UTF-8 letter across chunks without damage", async () => {
    const bytes = readFileSync(fixture("distrokid.tsv"));
    const { lines } = await readAll(chunks(bytes, 3), DISTROKID_TSV_MAPPING, { rates: { USD: "10" } });
    expect(lines[3]?.title).toBe("Ljus över vatten");
  });

  it("refuses a file that starts as UTF-8 and then has an ISO-8859-1 byte, with the row", async () => {
    const header = "ISRC\tTitle\tEarnings (USD)\n";
    const body = `${"SEZ9Z2500001\tPlain\t1.00\n".repeat(5000)}SEZ9Z2500001\tBlåbär\t1.00\n`;
    const bytes = Buffer.concat([
      Buffer.from(header + body.slice(0, -20)),
      Buffer.from(body.slice(-20), "latin1"),
    ]);
    const mapping = {
      ...DISTROKID_TSV_MAPPING,
      columns: { isrc: "ISRC", title: "Title", amount: "Earnings (USD)" },
    };
    const err = await parseFailure(readAll(chunks(bytes, 4096), mapping, { rates: { USD: "10" } }));
    expect(err.row).toBe(5002);
    expect(err.message).toMatch(/UTF-8/);
  });
});

describe("parse errors name the row and the column", () => {
  const mapping = SOCIETY_SEK_MAPPING;
  const header =
    "Utbetalningsperiod;Avräkningsområde nr;Avräkningsområde;Verknummer;ISWC;Originaltitel;Versionstitel;Källa;Land;Rättighet;Nyttjandeperiod;Andel %;Valuta;Belopp;Kurs\r\n";
  const good = "2026-1;110;Radio;1234567;;Titel;;Källa;SE;PR;2025-09;50,00;SEK;10,00;\r\n";

  it("an amount that is not a number", async () => {
    const err = await parseFailure(readAll(text(`${header}${good}${good.replace("10,00", "tio")}`), mapping));
    expect(err).toMatchObject({ row: 3, column: "Belopp" });
    expect(err.message).toContain('"tio" is not a number');
  });

  it("a usage period that is not a month", async () => {
    const err = await parseFailure(readAll(text(`${header}${good.replace("2025-09", "2025-13")}`), mapping));
    expect(err).toMatchObject({ row: 2, column: "Nyttjandeperiod" });
  });

  it("a mapped column the header lacks", async () => {
    const err = await parseFailure(readAll(text(header.replace("Belopp", "Summa") + good), mapping));
    expect(err).toMatchObject({ row: 1, column: "Belopp" });
  });

  it("a row with more fields than the header", async () => {
    const err = await parseFailure(
      readAll(text(`${header}${good}${good.replace("\r\n", ";extra\r\n")}`), mapping),
    );
    expect(err).toMatchObject({ row: 3, column: null });
  });

  it("an unterminated quote", async () => {
    const err = await parseFailure(readAll(text(`${header}${good}2026-1;"110;Radio\r\n`), mapping));
    expect(err.row).toBeGreaterThanOrEqual(3);
    expect(err.code).toBe("royalty_statement_invalid");
  });

  it("an empty file", async () => {
    const err = await parseFailure(readAll(text(""), mapping));
    expect(err).toMatchObject({ row: null, column: null });
  });

  it("skips rows that are only empty cells", async () => {
    const { lines } = await readAll(text(`${header}${good};;;;;;;;;;;;;;\r\n`), mapping);
    expect(lines).toHaveLength(1);
  });
});

describe("streaming", () => {
  it("reads only as far ahead of the caller as the stream buffers, whatever the file's length", async () => {
    const row =
      "2026-01-15\t2025-11\tSpotify\tA\tT\tSEZ9Z2500001\t735000000018\t1\t100\tSong\tSE\t0\t0.0031\n";
    const header =
      "Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)\n";
    let pulled = 0;
    let closed = false;
    const totalChunks = 20_000;
    async function* endless() {
      try {
        yield Buffer.from(header);
        for (; pulled < totalChunks; pulled++) yield Buffer.from(row.repeat(10));
      } finally {
        closed = true;
      }
    }
    const reading = await readRoyaltyStatement(endless(), DISTROKID_TSV_MAPPING, { rates: { USD: "10" } });
    let taken = 0;
    for await (const _line of reading.lines()) {
      taken += 1;
      if (taken === 100) break;
    }
    // 100 lines is 10 chunks; the stream buffers read ahead a bounded amount, never the 20,000 chunks.
    expect(pulled).toBeLessThan(500);
    expect(() => reading.summary()).toThrow(/every line/);
    // Stopping early closes the source behind the reader.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toBe(true);
  });

  it("hashes the file as it streams: the same bytes give the same hash, one byte more another", async () => {
    const bytes = readFileSync(fixture("tunecore.csv"));
    const once = await openStatement(chunks(bytes, 7));
    expect(() => once.sha256()).toThrow();
    for await (const _ of once.records());
    const changed = await openStatement(chunks(Buffer.concat([bytes, Buffer.from("\r\n")]), 7));
    for await (const _ of changed.records());
    expect(once.sha256()).toBe(sha256(fixture("tunecore.csv")));
    expect(changed.sha256()).not.toBe(once.sha256());
  });
});
