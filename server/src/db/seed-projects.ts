import { stockholmWallTime } from "@app/contracts/stockholm-time";
import type { Db, Engine } from "./database";
import { at, seedId } from "./seed-ids";
import { counterPast, insertAll } from "./seed-rows";

/*
 * [title, company, kind, status, budget in öre, fee model, start and due (days from today), deal or null,
 * team as [talent, role, rate in öre or null], milestones as [title, due day, share in basis points,
 * reached], studio sessions that are its work]. The second won deal is left for staff to turn into a
 * project themselves.
 */
const PROJECTS = [
  [
    "Podcast theme, Nordljus",
    3,
    "production",
    "active",
    1_200_000,
    "fixed",
    [-20, 25],
    7,
    [
      [9, "producer", null],
      [11, "writer", null],
    ],
    [
      ["Signing", -20, 3000, true],
      ["Delivery of the theme and stings", 25, 7000, false],
    ],
    [],
  ],
  [
    "Film trailer cue, dark synth",
    5,
    "mix",
    "delivered",
    6_000_000,
    "hourly",
    [-30, 9],
    null,
    [[3, "engineer", 95_000]],
    [["Final mix approved", 9, null, false]],
    [4, 11],
  ],
  ["Summer single for a pop duo", 0, "production", "lead", 4_000_000, "fixed", [5, 60], null, [], [], []],
] as const;

const date = (days: number) => at(days, 12).slice(0, 10);

export async function seedProjects(trx: Db, engine: Engine) {
  const created = at(-40, 9);
  const year = Number(stockholmWallTime(created).date.slice(0, 4));
  const projectId = (i: number) => seedId("project", i);
  const projects = await insertAll(
    trx,
    engine,
    "projects",
    PROJECTS.map(([title, company, kind, status, budget, fee, [start, due], deal], i) => ({
      id: projectId(i),
      code: `P-${year}-${String(i + 1).padStart(3, "0")}`,
      title,
      company_id: seedId("company", company),
      contact_id: seedId("industry", company),
      kind,
      status,
      start_date: date(start),
      due_date: date(due),
      budget_ore: budget,
      fee_model: fee,
      deal_id: deal === null ? null : seedId("deal", deal),
      created_at: created,
      updated_at: created,
    })),
  );
  await counterPast(trx, { table: "project_code_counters", key: "year", value: year }, PROJECTS.length);
  const projectMembers = await insertAll(
    trx,
    engine,
    "project_members",
    PROJECTS.flatMap(([, , , , , , , , team], i) =>
      team.map(([talent, role, rate], k) => ({
        id: seedId(`project_member:${i}`, k),
        project_id: projectId(i),
        contact_id: seedId("talent", talent),
        role,
        rate_ore: rate,
        created_at: created,
        updated_at: created,
      })),
    ),
  );
  const projectMilestones = await insertAll(
    trx,
    engine,
    "project_milestones",
    PROJECTS.flatMap(([, , , , , , , , , milestones], i) =>
      milestones.map(([title, due, share, reached], k) => ({
        id: seedId(`project_milestone:${i}`, k),
        project_id: projectId(i),
        title,
        due_date: date(due),
        billing_share_bp: share,
        reached_at: reached ? at(due, 12) : null,
        created_at: created,
        updated_at: created,
      })),
    ),
  );
  for (const [i, [, , , , , , , , , , sessions]] of PROJECTS.entries()) {
    if (sessions.length === 0) continue;
    await trx
      .updateTable("studio_sessions")
      .set({ project_id: projectId(i) })
      .where(
        "id",
        "in",
        sessions.map((n) => seedId("studio_session", n)),
      )
      .where("project_id", "is", null)
      .execute();
  }
  return { projects, projectMembers, projectMilestones };
}
