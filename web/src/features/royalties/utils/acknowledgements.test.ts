import { describe, expect, it } from "vitest";
import { acknowledgementLine, latestAcknowledgements } from "@/features/royalties/utils/acknowledgements";

const ack = (
  work_id: string,
  society_code: string,
  status: string,
  society_work_id: string | null = null,
) => ({
  work_id,
  society_code,
  status,
  society_work_id,
});

describe("a work's acknowledgements", () => {
  it("keeps what each society said last, from a list read latest first", () => {
    const latest = latestAcknowledgements([
      ack("w1", "079", "AS", "7012345"),
      ack("w2", "079", "RJ"),
      ack("w1", "079", "CO"),
      ack("w1", "048", "AC", "N-9"),
    ]);
    expect(latest.get("w1")?.map((a) => a.status)).toEqual(["AS", "AC"]);
    expect(latest.get("w2")?.map((a) => a.status)).toEqual(["RJ"]);
    expect(latest.get("w3")).toBeUndefined();
  });

  it("reads as the society's name, the status in words and the society's work number", () => {
    expect(acknowledgementLine(ack("w1", "079", "AS", "7012345"))).toBe(
      "STIM (SE): Registration accepted (AS), work no. 7012345",
    );
    expect(acknowledgementLine(ack("w1", "123", "RJ"))).toBe("Society 123: Rejected (RJ)");
  });
});
