import { describe, expect, it } from "vitest";
import { projectFilters } from "@/features/projects/api/list-projects";
import { describeActivity } from "@/features/projects/utils/describe-activity";
import { monthOf } from "@/features/projects/utils/project-labels";

describe("the project list's filters", () => {
  const none = { search: "", status: "", companyId: "", dueWithin: null, sort: "due" } as const;

  it("asks for nothing when nothing is chosen", () => {
    expect(projectFilters(none)).toEqual({});
  });

  it("combines status, client, search and the due month into one PostgREST query", () => {
    expect(
      projectFilters({
        ...none,
        status: "active",
        companyId: "c1",
        search: "mix",
        dueWithin: monthOf("2026-02-14"),
      }),
    ).toEqual({
      status: "eq.active",
      company_id: "eq.c1",
      and: '(or(title.ilike."*mix*",code.ilike."*mix*",notes.ilike."*mix*"),due_date.gte.2026-02-01,due_date.lte.2026-02-28)',
    });
  });

  it("knows each month's last day, February in a leap year too", () => {
    expect(monthOf("2028-02-03")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthOf("2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });
});

describe("the project timeline's wording", () => {
  it.each([
    ["created", {}, "Project created"],
    ["moved", { status: { from: "lead", to: "active" } }, "Status: lead → active"],
    ["updated", { milestone: { from: null, to: { title: "Signing" } } }, 'Milestone "Signing" added'],
    ["updated", { member: { from: { role: "producer" }, to: null } }, "Team member removed"],
    [
      "updated",
      { budget_ore: { from: 1, to: 2 }, due_date: { from: null, to: "2026-01-01" } },
      "Changed budget ore, due date",
    ],
  ])("%s %j reads %j", (action, changes, text) => {
    expect(describeActivity(action, changes)).toBe(text);
  });
});
