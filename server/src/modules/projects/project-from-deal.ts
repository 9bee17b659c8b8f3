import { randomUUID } from "node:crypto";
import { tables } from "@app/contracts";
import { PostgresAdapter } from "kysely";
import type { Database, Db } from "../../db/database";
import { translatingDatabaseErrors } from "../../db/db-errors";
import { toApiRow, toStoredRow } from "../../db/stored-values";
import { AppError } from "../../http/app-error";
import type { RecordedActor } from "../../http/authorize";
import { appendActivity, changedFields, touchContact } from "../crm/timeline";
import { takeProjectCode } from "./project-code";

const ORE_PER_KRONA = 100;

/** The deal, locked on PostgreSQL until the transaction ends, so two calls for it run one after the other. */
async function lockDeal(trx: Db, dealId: string) {
  let query = trx.selectFrom("crm_deals").selectAll().where("id", "=", dealId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * A won deal becomes active work: a project with the deal's title, client and value (whole kronor become
 * öre), its own code and the deal linked, written with its timeline row in one transaction. A deal
 * becomes one project only: a second call finds the first and writes nothing.
 */
export async function createProjectFromDeal(db: Database, dealId: string, actor: RecordedActor, at: string) {
  return db.withTransaction(async (trx) => {
    const deal = await lockDeal(trx, dealId);
    if (!deal) throw new AppError("PGRST116", `No crm_deals row with id ${dealId}`, { status: 404 });
    if (deal.stage !== "won") {
      throw new AppError("invalid_state", "Only a won deal can become a project", {
        details: `stage is ${deal.stage}`,
        hint: "Move the deal to Won first.",
      });
    }
    const earlier = await trx
      .selectFrom("projects")
      .select(["code"])
      .where("deal_id", "=", dealId)
      .executeTakeFirst();
    if (earlier) {
      throw new AppError("23505", `This deal is already project ${earlier.code}`, {
        details: `Key (deal_id)=(${dealId}) already exists.`,
      });
    }
    const project = {
      id: randomUUID(),
      code: await takeProjectCode(trx, at),
      title: deal.title,
      company_id: deal.company_id,
      contact_id: deal.contact_id,
      status: "active" as const,
      budget_ore: Number(deal.value_sek) * ORE_PER_KRONA,
      deal_id: dealId,
      created_at: at,
      updated_at: at,
    };
    const stored = await translatingDatabaseErrors({ table: "projects", row: project }, () =>
      trx
        .insertInto("projects")
        .values(toStoredRow(tables.projects, project, db.engine))
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    const row = toApiRow(tables.projects, stored as Record<string, unknown>);
    await appendActivity(trx, {
      recordType: "projects",
      recordId: project.id,
      action: "created",
      changes: changedFields({}, row),
      ...actor,
      at,
    });
    await touchContact({ trx, at }, project.contact_id);
    return row;
  });
}
