import { describe, expect, it } from "vitest";
import type { CrmSession, NurtureCandidate } from "@/features/crm/data/sample-crm";
import {
  groupBriefsByStatus,
  selectNurtureQueue,
  selectUpcomingSessions,
} from "@/features/crm/utils/select-crm-lists";

const now = new Date("2030-06-15T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe("selectNurtureQueue", () => {
  it("keeps talent quiet for 30 days or more, longest silence first", () => {
    const candidates: NurtureCandidate[] = [
      { id: "a", name: "29 days", roles: [], last_activity_at: daysAgo(29) },
      { id: "b", name: "30 days", roles: [], last_activity_at: daysAgo(30) },
      { id: "c", name: "90 days", roles: [], last_activity_at: daysAgo(90) },
    ];
    expect(selectNurtureQueue(candidates, now).map((c) => c.id)).toEqual(["c", "b"]);
  });
});

describe("selectUpcomingSessions", () => {
  it("keeps sessions from now up to 7 days ahead, soonest first", () => {
    const sessions: CrmSession[] = [
      { id: "past", title: "", studio: "", starts_at: daysAgo(1) },
      { id: "day7", title: "", studio: "", starts_at: daysAgo(-7) },
      { id: "day1", title: "", studio: "", starts_at: daysAgo(-1) },
      { id: "day8", title: "", studio: "", starts_at: daysAgo(-8) },
    ];
    expect(selectUpcomingSessions(sessions, now).map((s) => s.id)).toEqual(["day1", "day7"]);
  });
});

describe("groupBriefsByStatus", () => {
  it("always has all five columns and filters by title or client", () => {
    const columns = groupBriefsByStatus(
      [
        { id: "1", title: "Summer anthem", client: "Northern Lights", status: "draft" },
        { id: "2", title: "Jingle", client: "Ferry Co", status: "shipped" },
      ],
      "northern",
    );
    expect(Object.keys(columns)).toEqual(["draft", "sourcing", "in_session", "in_review", "shipped"]);
    expect(columns.draft.map((b) => b.id)).toEqual(["1"]);
    expect(columns.shipped).toEqual([]);
  });
});
