import type { TeamActivityEntry } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { describeTeamActivity, teamActorName } from "@/features/crm/utils/describe-team-activity";

const base = {
  id: 1,
  actor_email: "boss@example.com",
  target_email: "ny@example.com",
  created_at: "2026-06-01T10:00:00.000Z",
};
const entry = (
  fields: Partial<TeamActivityEntry> & Pick<TeamActivityEntry, "action">,
): TeamActivityEntry => ({
  ...base,
  ...fields,
});

describe("describeTeamActivity", () => {
  it("says each team change in words, naming the person it was about", () => {
    expect(
      [
        entry({ action: "user_invited", role: "staff" }),
        entry({ action: "invite_accepted", actor_email: "ny@example.com" }),
        entry({ action: "user_created", role: "admin" }),
        entry({ action: "role_changed", from_role: "staff", to_role: null }),
        entry({ action: "user_banned" }),
        entry({ action: "user_unbanned" }),
        entry({ action: "factor_removed", factor_name: "Work phone" }),
        entry({ action: "factor_removed", factor_name: null }),
        entry({ action: "user_deleted" }),
      ].map(describeTeamActivity),
    ).toEqual([
      "Invited ny@example.com as Staff",
      "ny@example.com accepted the invitation",
      "Created an account for ny@example.com (Administrator)",
      "Changed ny@example.com's role from Staff to No access",
      "Banned ny@example.com",
      "Lifted the ban on ny@example.com",
      "Removed ny@example.com's second factor “Work phone”",
      "Removed ny@example.com's second factor",
      "Deleted the account of ny@example.com",
    ]);
  });

  it("names the author: you, another administrator, or the operator", () => {
    expect(teamActorName(entry({ action: "user_banned" }), "boss@example.com")).toBe("You");
    expect(teamActorName(entry({ action: "user_banned" }), "me@example.com")).toBe("boss@example.com");
    expect(teamActorName(entry({ action: "user_banned", actor_email: null }), "me@example.com")).toBe(
      "The operator",
    );
  });
});
