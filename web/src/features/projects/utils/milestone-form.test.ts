import { describe, expect, it } from "vitest";
import {
  shareCapProblem,
  toMilestoneFormValues,
  toMilestonePayload,
} from "@/features/projects/utils/milestone-form";

const NOW = new Date("2026-11-26T12:00:00.000Z");
const reachedOn = "2026-11-01T09:00:00.000Z";
const milestone = {
  id: "m1",
  project_id: "p1",
  title: "Signing",
  due_date: null,
  billing_share_bp: 3333,
  assignee_id: "u2",
  reached_at: reachedOn,
  created_at: reachedOn,
  updated_at: reachedOn,
};

describe("the milestone form", () => {
  it("shows a milestone as typed text and a new one as the signed-in person's", () => {
    expect(toMilestoneFormValues(milestone, "u1")).toEqual({
      title: "Signing",
      due_date: "",
      share: "33.33",
      assignee_id: "u2",
      reached: true,
    });
    expect(toMilestoneFormValues(null, "u1")).toMatchObject({ assignee_id: "u1", reached: false });
  });

  it("keeps when a milestone was reached, reaches a new one now and clears an unticked one", () => {
    const values = toMilestoneFormValues(milestone, "u1");
    expect(toMilestonePayload(values, milestone, NOW)).toEqual({
      title: "Signing",
      due_date: null,
      billing_share_bp: 3333,
      assignee_id: "u2",
      reached_at: reachedOn,
    });
    const unreached = { ...milestone, reached_at: null };
    expect(toMilestonePayload(values, unreached, NOW).reached_at).toBe(NOW.toISOString());
    expect(toMilestonePayload({ ...values, reached: false, assignee_id: "" }, milestone, NOW)).toMatchObject({
      reached_at: null,
      assignee_id: null,
    });
  });

  it("places only the share cap's refusal at the share field", () => {
    const refusal = (code: string, message: string) => ({
      status: 400,
      body: {
        code,
        message,
        details: "Failing check: the shares would add up to 120 %",
        hint: "At most 20 % is left.",
      },
    });
    expect(
      shareCapProblem(refusal("23514", 'violates check constraint "project_milestones_share_sum_check"')),
    ).toEqual({
      field: "share",
      message: "The shares would add up to 120 %. At most 20 % is left.",
    });
    expect(shareCapProblem(refusal("23514", 'violates check constraint "projects_due_check"'))).toBeNull();
    expect(shareCapProblem(new Error("offline"))).toBeNull();
  });
});
