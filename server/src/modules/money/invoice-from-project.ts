import { randomUUID } from "node:crypto";
import { lineAmountOre, milestoneAmountOre, QUANTITY_SCALE, type UninvoicedWork } from "@app/contracts";
import { sql } from "kysely";
import type { Database, Db } from "../../db/database";
import { AppError } from "../../http/app-error";
import type { RecordedActor } from "../../http/authorize";
import { appendActivity } from "../crm/timeline";
import { insertRow, lockInvoice, refreshTotals } from "./invoice-store";

/**
 * Whether an invoice line already bills this milestone or deliverable: on a draft or an issued invoice
 * that was not credited since. A credit gives the work back to be invoiced again.
 */
function billed(column: "milestone_id" | "deliverable_id", idColumn: string) {
  return sql<boolean>`exists (select 1 from invoice_lines l join invoices i on i.id = l.invoice_id
    where ${sql.ref(`l.${column}`)} = ${sql.ref(idColumn)} and i.kind = 'invoice' and i.status <> 'credited')`;
}

/** Reached milestones with a billing share and approved deliverables no invoice bills yet. */
export async function approvedNotInvoiced(db: Db, projectId?: string): Promise<UninvoicedWork[]> {
  let milestones = db
    .selectFrom("project_milestones as m")
    .innerJoin("projects as p", "p.id", "m.project_id")
    .select([
      "m.id",
      "m.title",
      "m.reached_at",
      "m.billing_share_bp",
      "p.id as project_id",
      "p.code",
      "p.title as project_title",
      "p.budget_ore",
    ])
    .where("m.reached_at", "is not", null)
    .where("m.billing_share_bp", ">", 0)
    .where("p.status", "!=", "cancelled")
    .where(sql<boolean>`not ${billed("milestone_id", "m.id")}`);
  let deliverables = db
    .selectFrom("deliverables as d")
    .innerJoin("projects as p", "p.id", "d.project_id")
    .select([
      "d.id",
      "d.title",
      "d.fee_ore",
      "d.updated_at",
      "p.id as project_id",
      "p.code",
      "p.title as project_title",
    ])
    .where("d.status", "=", "approved")
    .where("p.status", "!=", "cancelled")
    .where(sql<boolean>`not ${billed("deliverable_id", "d.id")}`);
  if (projectId) {
    milestones = milestones.where("p.id", "=", projectId);
    deliverables = deliverables.where("p.id", "=", projectId);
  }
  const [m, d] = await Promise.all([
    milestones.orderBy("p.code").orderBy("m.reached_at").orderBy("m.id").execute(),
    deliverables.orderBy("p.code").orderBy("d.updated_at").orderBy("d.id").execute(),
  ]);
  const iso = (value: unknown) =>
    value instanceof Date ? value.toISOString() : value ? String(value) : null;
  return [
    ...m.map((row) => ({
      project_id: row.project_id,
      project_code: row.code,
      project_title: row.project_title,
      kind: "milestone" as const,
      id: row.id,
      title: row.title,
      amount_ore: milestoneAmountOre(Number(row.budget_ore), Number(row.billing_share_bp)),
      done_at: iso(row.reached_at),
    })),
    ...d.map((row) => ({
      project_id: row.project_id,
      project_code: row.code,
      project_title: row.project_title,
      kind: "deliverable" as const,
      id: row.id,
      title: row.title,
      amount_ore: row.fee_ore === null ? null : Number(row.fee_ore),
      done_at: iso(row.updated_at),
    })),
  ];
}

/** Whom the project bills: its company, else its contact, else (for staff to fill in) its title. */
async function buyerOf(
  trx: Db,
  project: { company_id: string | null; contact_id: string | null; title: string },
) {
  if (project.company_id) {
    const company = await trx
      .selectFrom("crm_companies")
      .select(["name", "city"])
      .where("id", "=", project.company_id)
      .executeTakeFirst();
    if (company)
      return { buyer_name: company.name, buyer_city: company.city ?? null, buyer_is_business: true };
  }
  if (project.contact_id) {
    const contact = await trx
      .selectFrom("crm_contacts")
      .select(["first_name", "last_name", "email"])
      .where("id", "=", project.contact_id)
      .executeTakeFirst();
    if (contact)
      return {
        buyer_name: `${contact.first_name} ${contact.last_name}`.trim(),
        buyer_email: contact.email ?? null,
      };
  }
  return { buyer_name: project.title };
}

/**
 * invoice_from_project: a draft invoice for the project with a line per reached milestone (its share of
 * the budget, to the öre) and per approved deliverable (at its fee; one not priced starts at 0 for staff
 * to price on the draft) that no invoice
 * bills yet. Refused when there is nothing to invoice, so no empty draft is left behind.
 */
export async function invoiceFromProject(db: Database, projectId: string, actor: RecordedActor, at: string) {
  return db.withTransaction(async (trx) => {
    const project = await trx
      .selectFrom("projects")
      .select(["id", "code", "title", "company_id", "contact_id", "default_vat_rate"])
      .where("id", "=", projectId)
      .executeTakeFirst();
    if (!project) throw new AppError("not_found", `No project with id ${projectId}`);
    const work = await approvedNotInvoiced(trx, projectId);
    if (work.length === 0)
      throw new AppError(
        "invalid_state",
        "The project has no reached milestone or approved deliverable left to invoice",
        {
          details: `project ${project.code}`,
        },
      );
    const id = randomUUID();
    await insertRow(trx, "invoices", {
      id,
      project_id: project.id,
      ...(await buyerOf(trx, project)),
      your_reference: project.code,
      created_at: at,
      updated_at: at,
    });
    for (const [position, item] of work.entries()) {
      const unitPrice = item.amount_ore ?? 0;
      const line = { quantity_milli: QUANTITY_SCALE, unit_price_ore: unitPrice };
      await insertRow(trx, "invoice_lines", {
        id: randomUUID(),
        invoice_id: id,
        position,
        description: item.kind === "milestone" ? `${project.title}: ${item.title}` : item.title,
        ...line,
        unit: "st",
        vat_rate: Number(project.default_vat_rate),
        milestone_id: item.kind === "milestone" ? item.id : null,
        deliverable_id: item.kind === "deliverable" ? item.id : null,
        amount_ore: lineAmountOre(line),
        created_at: at,
        updated_at: at,
      });
    }
    const draft = await refreshTotals(trx, await lockInvoice(trx, id), at);
    for (const [recordType, recordId] of [
      ["invoices", id],
      ["projects", project.id],
    ] as const)
      await appendActivity(trx, {
        recordType,
        recordId,
        action: "note",
        changes: {},
        ...actor,
        at,
        note: `Draft invoice made from project ${project.code}: ${work.length} line(s) of work not yet invoiced.`,
      });
    return draft;
  });
}
