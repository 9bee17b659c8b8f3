import { type RowOf, SITE_NAME, tables } from "@app/contracts";
import type { Db } from "../../../db/database";
import { toApiRow } from "../../../db/stored-values";
import { AppError } from "../../../http/app-error";

type Statement = RowOf<typeof tables.royalty_statements>;

/** One breakdown entry with its key named as a reader knows it (a source's name, a title, a right). */
export interface StatementEarning {
  label: string;
  gross_ore: number;
  fee_ore: number;
  net_ore: number;
}

/** A stored statement with everything its files print named, not just referenced by id. */
export interface StatementView {
  businessName: string;
  /** The business as a self-billing invoice's buyer: its address and VAT number, when its settings have them. */
  buyer: { address: string; vat_number: string } | null;
  payeeName: string;
  period: { name: string; starts_on: string; ends_on: string };
  statement: Statement;
  bySource: StatementEarning[];
  byItem: StatementEarning[];
  byRight: StatementEarning[];
}

async function namesOf(db: Db, table: "royalty_sources" | "works" | "recordings", ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const column = table === "royalty_sources" ? "name" : "title";
  const rows = await db.selectFrom(table).select(["id", column]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id as string, String((r as Record<string, unknown>)[column])]));
}

const labelled = (entries: Statement["breakdown"]["by_item"], names: Map<string, string>) =>
  entries.map((e) => ({
    label: names.get(e.key) ?? e.key,
    gross_ore: e.gross_ore,
    fee_ore: e.fee_ore,
    net_ore: e.net_ore,
  }));

/** A statement by id with its payee, period, business and breakdown names; a 404 when there is none. */
export async function statementViewOf(db: Db, id: string): Promise<StatementView> {
  const row = await db.selectFrom("royalty_statements").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("not_found", `No royalty statement with id ${id}`);
  const statement = toApiRow(tables.royalty_statements, row as Record<string, unknown>);
  const payee = await db
    .selectFrom("royalty_payees")
    .select("name")
    .where("id", "=", statement.payee_id)
    .executeTakeFirstOrThrow();
  const period = await db
    .selectFrom("royalty_periods")
    .select(["name", "starts_on", "ends_on"])
    .where("id", "=", statement.period_id)
    .executeTakeFirstOrThrow();
  const settings = await db
    .selectFrom("company_settings")
    .select(["name", "street_address", "postal_code", "city", "vat_number"])
    .executeTakeFirst();
  const { by_source, by_item, by_right } = statement.breakdown;
  const itemIds = by_item.map((e) => e.key);
  const items = new Map([
    ...(await namesOf(db, "works", itemIds)),
    ...(await namesOf(db, "recordings", itemIds)),
  ]);
  return {
    businessName: settings?.name ?? SITE_NAME,
    buyer: settings
      ? {
          address: `${settings.street_address}, ${settings.postal_code} ${settings.city}`,
          vat_number: settings.vat_number,
        }
      : null,
    payeeName: payee.name,
    period: toApiRow(tables.royalty_periods, period as Record<string, unknown>) as StatementView["period"],
    statement,
    bySource: labelled(
      by_source,
      await namesOf(
        db,
        "royalty_sources",
        by_source.map((e) => e.key),
      ),
    ),
    byItem: labelled(by_item, items),
    byRight: labelled(by_right, new Map()),
  };
}

/** A download name from the payee and period: letters, digits and hyphens only, so no header is bent by it. */
export function statementFileName(view: StatementView, extension: "pdf" | "csv") {
  const safe = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  return `Royalty-statement-${safe(view.payeeName) || "payee"}-${safe(view.period.name) || "period"}.${extension}`;
}
