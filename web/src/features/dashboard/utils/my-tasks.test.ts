import { describe, expect, it } from "vitest";
import { mergeTasks } from "@/features/dashboard/utils/my-tasks";

const TODAY = "2026-11-26";

describe("mergeTasks", () => {
  it("lists deliverables and milestones together by due day, undated last, each with its priority and link", () => {
    const tasks = mergeTasks(
      {
        deliverables: [
          { id: "d1", title: "Stems", due_date: "2026-11-30" },
          { id: "d2", title: "Lyric sheet", due_date: null },
          { id: "d3", title: "Artwork", due_date: "2026-12-20" },
        ],
        milestones: [
          { id: "m1", title: "Signing", due_date: "2026-11-20", project_id: "p1" },
          { id: "m2", title: "Delivery", due_date: "2026-12-02", project_id: "p2" },
        ],
      },
      TODAY,
      10,
    );
    expect(tasks.map((t) => [t.title, t.kind, t.priority, t.href])).toEqual([
      ["Signing", "milestone", "high", "/app/projects/p1"],
      ["Stems", "deliverable", "medium", "/app/deliverables?open=d1"],
      ["Delivery", "milestone", "medium", "/app/projects/p2"],
      ["Artwork", "deliverable", "low", "/app/deliverables?open=d3"],
      ["Lyric sheet", "deliverable", "low", "/app/deliverables?open=d2"],
    ]);
    expect(new Set(tasks.map((t) => t.key)).size).toBe(5);
  });

  it("keeps only the soonest few of both reads", () => {
    const tasks = mergeTasks(
      {
        deliverables: [{ id: "d1", title: "Later", due_date: "2026-12-24" }],
        milestones: [
          { id: "m1", title: "Soon", due_date: "2026-11-27", project_id: "p" },
          { id: "m2", title: "Sooner", due_date: "2026-11-26", project_id: "p" },
        ],
      },
      TODAY,
      2,
    );
    expect(tasks.map((t) => t.title)).toEqual(["Sooner", "Soon"]);
  });
});
