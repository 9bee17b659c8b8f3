import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CwrRuleError, generateCwr } from "../src/modules/royalties/cwr/file";
import { cwrText } from "../src/modules/royalties/cwr/fixed-width";
import type { CwrFileRequest, CwrVersion, CwrWork, CwrWriter } from "../src/modules/royalties/cwr/types";

/**
 * The CWR generator, pure: the file's CISAC name, every record's length and fields at their positions in
 * 2.1 and 2.2, the London rule's shares, record counts in GRT and TRL, and CISAC's share rules refusing
 * a file before it is made.
 */

const publisher = {
  name: "Nordljus Musik AB",
  ipiNameNumber: "00000000297",
  senderCode: "NLM",
  prSociety: "079",
  mrSociety: "048",
};

const writer = (over: Partial<CwrWriter>): CwrWriter => ({
  ipNumber: "W1",
  firstName: "Alva",
  lastName: "Berg",
  ipiNameNumber: "00000000199",
  society: "079",
  role: "CA",
  controlled: true,
  manuscriptShareBp: 10_000,
  ...over,
});

const midnattssol: CwrWork = {
  submitterWorkId: "W000001",
  title: "Midnattssol",
  alternateTitles: ["Midnight Sun"],
  iswc: "T0345246801",
  registered: false,
  writers: [
    writer({ ipNumber: "W1", manuscriptShareBp: 5000 }),
    writer({
      ipNumber: "W2",
      firstName: "Åke",
      lastName: "Öberg",
      ipiNameNumber: "27580021110",
      role: "C",
      manuscriptShareBp: 2500,
    }),
    writer({
      ipNumber: "W3",
      firstName: "Kim",
      lastName: "Other",
      ipiNameNumber: null,
      society: null,
      role: "A",
      controlled: false,
      manuscriptShareBp: 2500,
    }),
  ],
  recordings: [
    {
      id: "R1",
      title: "Midnattssol",
      isrc: "SEXYZ2500001",
      upc: "036000291452",
      durationSeconds: 215,
      artist: "Nightjar",
    },
  ],
};

const kiteSeason: CwrWork = {
  submitterWorkId: "W000002",
  title: "Kite Season",
  alternateTitles: [],
  iswc: null,
  registered: true,
  writers: [writer({ ipNumber: "W1" })],
  recordings: [],
};

const request = (version: CwrVersion, over: Partial<CwrFileRequest> = {}): CwrFileRequest => ({
  version,
  sequence: 7,
  // 19:00:05 in Stockholm (UTC+1 in November).
  createdAt: new Date("2026-11-26T18:00:05Z"),
  publisher,
  works: [midnattssol, kiteSeason],
  software: { name: "Back office", version: "1.0" },
  ...over,
});

const linesOf = (content: string) => {
  expect(content.endsWith("\r\n")).toBe(true);
  const lines = content.slice(0, -2).split("\r\n");
  for (const line of lines) expect(line).not.toMatch(/[\r\n]/);
  return lines;
};

/** The characters at 1-based positions from `start` to `end`, inclusive, as the layouts number them. */
const at = (line: string, start: number, end: number) => line.slice(start - 1, end);
const find = (lines: string[], type: string, n = 0) => lines.filter((l) => l.startsWith(type))[n] as string;

const LENGTHS: Record<CwrVersion, Record<string, number>> = {
  "2.1": { HDR: 101, PWR: 110, REC: 266 },
  "2.2": { HDR: 167, PWR: 112, REC: 540 },
};
const COMMON_LENGTHS: Record<string, number> = {
  GRH: 28,
  NWR: 260,
  REV: 260,
  SPU: 183,
  SPT: 58,
  SWR: 180,
  SWT: 52,
  OWR: 180,
  ALT: 83,
  PER: 118,
  GRT: 37,
  TRL: 24,
};

describe.each(["2.1", "2.2"] as const)("a CWR %s file", (version) => {
  const file = generateCwr(request(version));
  const lines = linesOf(file.content);

  it("is named CWyynnnnsss_rrr with the version's extension", () => {
    expect(file.name).toBe(`CW260007NLM_000.V2${version.slice(2)}`);
    expect(generateCwr(request(version, { sequence: 123, receiver: "079" })).name).toBe(
      `CW260123NLM_079.V2${version.slice(2)}`,
    );
  });

  it("holds its records in CISAC's order, each of its type's length", () => {
    expect(lines.map((l) => l.slice(0, 3))).toEqual([
      "HDR",
      "GRH",
      ...["NWR", "SPU", "SPT", "SWR", "SWT", "PWR", "SWR", "SWT", "PWR", "OWR", "ALT", "PER", "REC", "GRT"],
      "GRH",
      ...["REV", "SPU", "SPT", "SWR", "SWT", "PWR", "GRT"],
      "TRL",
    ]);
    const lengths = { ...COMMON_LENGTHS, ...LENGTHS[version] };
    for (const line of lines)
      expect([line.slice(0, 3), line.length]).toEqual([line.slice(0, 3), lengths[line.slice(0, 3)]]);
  });

  it("names the sender, the time in Stockholm and the version in HDR", () => {
    const hdr = find(lines, "HDR");
    expect(at(hdr, 4, 5)).toBe("PB");
    expect(at(hdr, 6, 14)).toBe("000000297");
    expect(at(hdr, 15, 59)).toBe("NORDLJUS MUSIK AB".padEnd(45));
    expect(at(hdr, 60, 64)).toBe("01.10");
    expect(at(hdr, 65, 78)).toBe("20261126190005");
    expect(at(hdr, 79, 86)).toBe("20261126");
    // A sender id longer than nine digits starts where the sender type would.
    const long = generateCwr(request(version, { publisher: { ...publisher, ipiNameNumber: "27580021110" } }));
    expect(at(linesOf(long.content)[0] as string, 4, 14)).toBe("27580021110");
    if (version === "2.2") {
      expect(at(hdr, 102, 104)).toBe("2.2");
      expect(at(hdr, 108, 137)).toBe("BACK OFFICE".padEnd(30));
    }
  });

  it("numbers groups and gives their version in GRH", () => {
    const [nwr, rev] = lines.filter((l) => l.startsWith("GRH")) as [string, string];
    expect([at(nwr, 4, 6), at(nwr, 7, 11), at(nwr, 12, 16)]).toEqual([
      "NWR",
      "00001",
      version === "2.1" ? "02.10" : "02.20",
    ]);
    expect([at(rev, 4, 6), at(rev, 7, 11)]).toEqual(["REV", "00002"]);
  });

  it("writes the work in NWR, and one sent before in REV", () => {
    const nwr = find(lines, "NWR");
    expect(at(nwr, 4, 11)).toBe("00000000");
    expect(at(nwr, 12, 19)).toBe("00000000");
    expect(at(nwr, 20, 79)).toBe("MIDNATTSSOL".padEnd(60));
    expect(at(nwr, 82, 95)).toBe("W000001".padEnd(14));
    expect(at(nwr, 96, 106)).toBe("T0345246801");
    expect(at(nwr, 127, 129)).toBe("UNC");
    expect(at(nwr, 130, 135)).toBe("000335");
    expect(at(nwr, 136, 136)).toBe("Y");
    expect(at(nwr, 143, 145)).toBe("ORI");
    const rev = find(lines, "REV");
    expect(at(rev, 82, 95)).toBe("W000002".padEnd(14));
    expect(at(rev, 96, 106)).toBe(" ".repeat(11));
    expect(at(rev, 136, 136)).toBe("U");
  });

  it("gives the business, as original publisher, the London rule's share of the controlled writers", () => {
    const spu = find(lines, "SPU");
    expect(at(spu, 12, 19)).toBe("00000001");
    expect(at(spu, 20, 21)).toBe("01");
    expect(at(spu, 22, 30)).toBe("NLM      ");
    expect(at(spu, 31, 75).trim()).toBe("NORDLJUS MUSIK AB");
    expect(at(spu, 77, 78)).toBe("E ");
    expect(at(spu, 88, 98)).toBe("00000000297");
    // Controlled: 50 % + 25 %. Performing: half of that; mechanical and sync: all of it.
    expect([at(spu, 113, 115), at(spu, 116, 120)]).toEqual(["079", "03750"]);
    expect([at(spu, 121, 123), at(spu, 124, 128)]).toEqual(["048", "07500"]);
    expect([at(spu, 129, 131), at(spu, 132, 136)]).toEqual(["048", "07500"]);
    const spt = find(lines, "SPT");
    expect(at(spt, 20, 28)).toBe("NLM      ");
    expect([at(spt, 35, 39), at(spt, 40, 44), at(spt, 45, 49)]).toEqual(["03750", "07500", "07500"]);
    expect([at(spt, 50, 50), at(spt, 51, 54), at(spt, 55, 55), at(spt, 56, 58)]).toEqual([
      "I",
      "2136",
      "N",
      "001",
    ]);
  });

  it("writes each controlled writer with what they keep, their territory and their publisher", () => {
    const [alva, ake] = lines.filter((l) => l.startsWith("SWR")) as [string, string];
    expect(at(alva, 20, 28)).toBe("W1       ");
    expect(at(alva, 29, 73).trim()).toBe("BERG");
    expect(at(alva, 74, 103).trim()).toBe("ALVA");
    expect(at(alva, 105, 106)).toBe("CA");
    expect(at(alva, 116, 126)).toBe("00000000199");
    expect([at(alva, 127, 129), at(alva, 130, 134)]).toEqual(["079", "02500"]);
    expect([at(alva, 138, 142), at(alva, 146, 150)]).toEqual(["00000", "00000"]);
    expect([at(ake, 29, 73).trim(), at(ake, 74, 103).trim(), at(ake, 105, 106)]).toEqual([
      "OBERG",
      "AKE",
      "C ",
    ]);
    expect(at(ake, 130, 134)).toBe("01250");
    const swt = find(lines, "SWT");
    expect(at(swt, 20, 28)).toBe("W1       ");
    expect([at(swt, 29, 33), at(swt, 34, 38), at(swt, 39, 43)]).toEqual(["02500", "00000", "00000"]);
    expect([at(swt, 44, 44), at(swt, 45, 48)]).toEqual(["I", "2136"]);
    const pwr = find(lines, "PWR");
    expect(at(pwr, 20, 28)).toBe("NLM      ");
    expect(at(pwr, 29, 73).trim()).toBe("NORDLJUS MUSIK AB");
    expect(at(pwr, 102, 110)).toBe("W1       ");
    if (version === "2.2") expect(at(pwr, 111, 112)).toBe("01");
  });

  it("writes a writer the business does not control with the whole of their share", () => {
    const owr = find(lines, "OWR");
    expect(at(owr, 29, 73).trim()).toBe("OTHER");
    expect(at(owr, 116, 126)).toBe(" ".repeat(11));
    expect([at(owr, 130, 134), at(owr, 138, 142), at(owr, 146, 150)]).toEqual(["02500", "02500", "02500"]);
  });

  it("adds up every right of the work to 100 %, the publisher's performing share at most 50 %", () => {
    const nwr = lines.slice(lines.indexOf(find(lines, "NWR")), lines.indexOf(find(lines, "GRT")));
    const sum = (ranges: [string, number, number][]) =>
      nwr.reduce(
        (total, line) =>
          total +
          ranges
            .filter(([type]) => line.startsWith(type))
            .reduce((s, [, a, b]) => s + Number(at(line, a, b)), 0),
        0,
      );
    expect(
      sum([
        ["SPU", 116, 120],
        ["SWR", 130, 134],
        ["OWR", 130, 134],
      ]),
    ).toBe(10_000);
    expect(
      sum([
        ["SPU", 124, 128],
        ["SWR", 138, 142],
        ["OWR", 138, 142],
      ]),
    ).toBe(10_000);
    expect(
      sum([
        ["SPU", 132, 136],
        ["SWR", 146, 150],
        ["OWR", 146, 150],
      ]),
    ).toBe(10_000);
  });

  it("writes alternate titles, performing artists and recordings", () => {
    const alt = find(lines, "ALT");
    expect([at(alt, 20, 79).trim(), at(alt, 80, 81)]).toEqual(["MIDNIGHT SUN", "AT"]);
    const per = find(lines, "PER");
    expect([at(per, 20, 64), at(per, 65, 94)]).toEqual(["NIGHTJAR".padEnd(45), " ".repeat(30)]);
    const rec = find(lines, "REC");
    expect(at(rec, 88, 93)).toBe("000335");
    expect(at(rec, 237, 249)).toBe("0036000291452");
    expect(at(rec, 250, 261)).toBe("SEXYZ2500001");
    if (version === "2.2") {
      expect(at(rec, 267, 326).trim()).toBe("MIDNATTSSOL");
      expect(at(rec, 387, 446).trim()).toBe("NIGHTJAR");
      expect(at(rec, 527, 540)).toBe("R1".padEnd(14));
    }
  });

  it("numbers transactions within their group and records within their transaction", () => {
    const rev = lines.indexOf(find(lines, "REV"));
    const nwr = lines.indexOf(find(lines, "NWR"));
    lines.slice(nwr, nwr + 13).forEach((line, i) => {
      expect([at(line, 4, 11), at(line, 12, 19)]).toEqual(["00000000", String(i).padStart(8, "0")]);
    });
    expect(at(lines[rev + 1] as string, 12, 19)).toBe("00000001");
  });

  it("counts transactions and records in GRT and TRL", () => {
    const [first, second] = lines.filter((l) => l.startsWith("GRT")) as [string, string];
    // NWR group: GRH, 13 records of the work, GRT.
    expect([at(first, 4, 8), at(first, 9, 16), at(first, 17, 24)]).toEqual(["00001", "00000001", "00000015"]);
    expect([at(second, 4, 8), at(second, 9, 16), at(second, 17, 24)]).toEqual([
      "00002",
      "00000001",
      "00000008",
    ]);
    const trl = find(lines, "TRL");
    expect([at(trl, 4, 8), at(trl, 9, 16), at(trl, 17, 24)]).toEqual([
      "00002",
      "00000002",
      String(lines.length).padStart(8, "0"),
    ]);
  });
});

describe("CISAC's share rules, checked before a file is made", () => {
  const refusal = (over: Partial<CwrFileRequest>) => {
    try {
      generateCwr(request("2.1", over));
    } catch (err) {
      expect(err).toBeInstanceOf(CwrRuleError);
      return (err as Error).message;
    }
    throw new Error("the file was made");
  };

  it("refuses a publisher's performing share above 50 %", () => {
    const message = refusal({ works: [kiteSeason], agreement: { pr: 6000, mr: 10_000, sr: 10_000 } });
    expect(message).toMatch(/^W000002 Kite Season: /);
    expect(message).toContain("the publisher's performing share is 60 %, more than 50 %");
    // What the writers keep is then below CISAC's floor as well.
    expect(message).toContain("its writers' performing share is 40 %, less than 50 %");
  });

  it("refuses a work whose shares do not add up to 100 %", () => {
    const short = { ...kiteSeason, writers: [writer({ manuscriptShareBp: 9000 })] };
    expect(refusal({ works: [short] })).toContain("its performing shares add up to 90 %, not 100 %");
  });

  it("refuses a controlled writer without an IPI name number, naming the work and the writer", () => {
    const unnamed = { ...kiteSeason, writers: [writer({ ipiNameNumber: null })] };
    expect(refusal({ works: [midnattssol, unnamed] })).toBe(
      "W000002 Kite Season: Alva Berg is controlled but has no IPI name number or no society",
    );
  });

  it("refuses a work of which the business controls no writer, and a file without works", () => {
    const other = { ...kiteSeason, writers: [writer({ controlled: false })] };
    expect(refusal({ works: [other] })).toContain("the business controls none of its writers");
    expect(refusal({ works: [] })).toContain("it has no works");
  });

  it("divides any split so every right adds up to 100 % and the publisher keeps within 50 %", () => {
    const splits = fc
      .array(fc.tuple(fc.integer({ min: 1, max: 100 }), fc.boolean()), { minLength: 1, maxLength: 6 })
      .map((parts) => {
        const weight = parts.reduce((s, [w]) => s + w, 0);
        const shares = parts.map(([w]) => Math.floor((w * 10_000) / weight));
        shares[0] = (shares[0] as number) + 10_000 - shares.reduce((s, x) => s + x, 0);
        return parts.map(([, controlled], i) =>
          writer({
            ipNumber: `W${i}`,
            manuscriptShareBp: shares[i] as number,
            controlled: controlled || i === 0,
          }),
        );
      });
    fc.assert(
      fc.property(splits, fc.constantFrom<CwrVersion>("2.1", "2.2"), (writers, version) => {
        const lines = linesOf(generateCwr(request(version, { works: [{ ...kiteSeason, writers }] })).content);
        for (const [a, b] of [
          [116, 130],
          [124, 138],
          [132, 146],
        ] as const) {
          const total = lines.reduce((s, line) => {
            if (line.startsWith("SPU")) return s + Number(at(line, a, a + 4));
            if (line.startsWith("SWR") || line.startsWith("OWR")) return s + Number(at(line, b, b + 4));
            return s;
          }, 0);
          expect(total).toBe(10_000);
        }
        expect(Number(at(find(lines, "SPU"), 116, 120))).toBeLessThanOrEqual(5000);
      }),
      { numRuns: 50 },
    );
  });
});

describe("CWR text", () => {
  it("is upper case without accents, in CWR's character set", () => {
    expect(cwrText("Åsa Öberg-Ström, Straße «Ø» ~æ")).toBe("ASA OBERG-STROM, STRASSE O AE");
  });
});
