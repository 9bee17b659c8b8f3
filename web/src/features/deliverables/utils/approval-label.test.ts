import { describe, expect, it } from "vitest";
import { approvalLabel } from "./approval-label";

const at = Date.parse("2026-05-04T10:00:00Z");

describe("approvalLabel", () => {
  it("says a version waits while its link works, and that the link expired once it has", () => {
    const waiting = { approval_state: "awaiting" as const, approval_expires_at: "2026-05-05T10:00:00.000Z" };
    expect(approvalLabel(waiting, at)).toBe("Waiting for the client");
    expect(approvalLabel(waiting, Date.parse("2026-05-05T10:00:00Z"))).toBe(
      "Link expired 5 May 2026, 12:00: send it again for a decision",
    );
  });

  it("names decided and passed-over versions whatever their link's expiry, and nothing for a version never sent", () => {
    const gone = "2026-05-01T10:00:00.000Z";
    expect(approvalLabel({ approval_state: "approved", approval_expires_at: gone }, at)).toBe(
      "Approved by the client",
    );
    expect(approvalLabel({ approval_state: "superseded", approval_expires_at: gone }, at)).toBe(
      "Passed over by a newer version",
    );
    expect(approvalLabel({ approval_state: null, approval_expires_at: null }, at)).toBeNull();
  });
});
