import type { TeamMember } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { hasMfa, memberStatus, parseRole, sortMembers } from "@/features/team/utils/member-status";
import { roleLabel } from "@/lib/roles";

const NOW = new Date("2026-06-01T12:00:00.000Z");

function member(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: crypto.randomUUID(),
    email: "lo@example.com",
    role: "staff",
    created_at: "2026-01-01T00:00:00.000Z",
    last_sign_in_at: null,
    invited_at: null,
    confirmed: true,
    banned_until: null,
    factors: [],
    ...overrides,
  };
}

describe("memberStatus", () => {
  it("is active once the address is confirmed", () => {
    expect(memberStatus(member(), NOW)).toBe("active");
  });

  it("is invited while an invited address is unconfirmed, and unconfirmed for an unfinished sign-up", () => {
    expect(memberStatus(member({ confirmed: false, invited_at: "2026-05-30T00:00:00Z" }), NOW)).toBe(
      "invited",
    );
    expect(memberStatus(member({ confirmed: false }), NOW)).toBe("unconfirmed");
  });

  it("is banned while the ban lasts, whatever else holds, and active again once it has run out", () => {
    const invited = { confirmed: false, invited_at: "2026-05-30T00:00:00Z" };
    expect(memberStatus(member({ ...invited, banned_until: "2126-01-01T00:00:00Z" }), NOW)).toBe("banned");
    expect(memberStatus(member({ banned_until: "2026-05-31T00:00:00Z" }), NOW)).toBe("active");
  });
});

describe("hasMfa", () => {
  const factor = { id: "f", friendly_name: null, factor_type: "totp" as const, created_at: "2026-01-01" };

  it("counts verified factors only", () => {
    expect(hasMfa(member({ factors: [{ ...factor, status: "unverified" }] }))).toBe(false);
    expect(hasMfa(member({ factors: [{ ...factor, status: "verified" }] }))).toBe(true);
    expect(hasMfa(member())).toBe(false);
  });
});

describe("roles", () => {
  it("names each role and reads a select's value back", () => {
    expect([roleLabel("admin"), roleLabel("staff"), roleLabel(null)]).toEqual([
      "Administrator",
      "Staff",
      "No access",
    ]);
    expect([parseRole("admin"), parseRole("staff"), parseRole(""), parseRole("root")]).toEqual([
      "admin",
      "staff",
      null,
      null,
    ]);
  });

  it("sorts administrators first, then staff, then the rest, by address within each", () => {
    const sorted = sortMembers([
      member({ email: "c@x.se", role: null }),
      member({ email: "b@x.se", role: "staff" }),
      member({ email: "z@x.se", role: "admin" }),
      member({ email: "a@x.se", role: "staff" }),
    ]);
    expect(sorted.map((m) => m.email)).toEqual(["z@x.se", "a@x.se", "b@x.se", "c@x.se"]);
  });
});
