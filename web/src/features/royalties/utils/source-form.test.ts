import { describe, expect, it } from "vitest";
import { emptyColumns, guessColumns, type SourceFormState, sourceValues } from "./source-form";

const form = (over: Partial<SourceFormState> = {}): SourceFormState => ({
  name: "Exempel Distribution",
  kind: "distributor",
  mappingKey: "custom",
  defaultCurrency: "sek",
  columns: { ...emptyColumns(), isrc: "ISRC", amount: "Net (SEK)" },
  decimalSeparator: ",",
  ...over,
});

describe("a source's form", () => {
  it("saves a custom mapping with only the columns chosen, in the source's currency", () => {
    const result = sourceValues(form());
    expect(result).toEqual({
      values: {
        name: "Exempel Distribution",
        kind: "distributor",
        mapping_key: "custom",
        default_currency: "SEK",
        mapping: {
          name: "Exempel Distribution",
          columns: { isrc: "ISRC", amount: "Net (SEK)" },
          default_currency: "SEK",
          decimal_separator: ",",
        },
      },
    });
  });

  it("says which field is missing, beside that field", () => {
    const result = sourceValues(form({ name: " ", columns: { ...emptyColumns(), isrc: "ISRC" } }));
    expect(result).toEqual({
      problems: { name: "A source needs a name", amount: "Map the column with the amount" },
    });
    const unmatchable = sourceValues(form({ columns: { ...emptyColumns(), amount: "Net" } }));
    expect("problems" in unmatchable && unmatchable.problems.columns).toMatch(/ISRC, UPC, ISWC/);
  });

  it("keeps no mapping for a built-in format", () => {
    const result = sourceValues(form({ mappingKey: "tunecore_csv" }));
    expect("values" in result && result.values.mapping).toBeNull();
  });

  it("guesses the usual headers, each for one field, and leaves the rest to staff", () => {
    const columns = guessColumns([
      "Sale Month",
      "Store",
      "Title",
      "ISRC",
      "Quantity",
      "Earnings (USD)",
      "Country of Sale",
    ]);
    expect(columns).toMatchObject({
      usage_period: "Sale Month",
      store: "Store",
      title: "Title",
      isrc: "ISRC",
      quantity: "Quantity",
      territory: "Country of Sale",
      amount: "",
    });
  });
});
