import {
  LEGAL_DOCUMENT_STATUSES,
  type LegalDocumentStatus,
  type LegalPayload,
  type LegalTemplateCategory,
  type LegalVariable,
  type PartyValue,
  SERVER_PARTY_FIELDS,
} from "@app/contracts";
import { AppError } from "../../http/app-error";
import {
  type HookContext,
  hookActor,
  type Row,
  type TableHooks,
  type TableHooksByTable,
} from "../../rest/table-hooks";
import { type Actor, auditEntry, recordOnContactTimeline } from "./audit";
import { invalid, notADraft } from "./lifecycle";
import { clauseSlugsOf, templateProblems } from "./placeholders";
import * as repo from "./repository";
import type { LegalDocument } from "./types";

// ---- clauses -------------------------------------------------------------------------------------------

const searchText = (row: Row) =>
  [row.title, row.slug, ...((row.tags as string[] | undefined) ?? [])].join(" ").toLowerCase();

/** Templates that include the clause, read from their placeholders. */
async function templatesIncluding(ctx: HookContext, slug: string) {
  return (await repo.templatesMentioning(ctx.trx, slug)).filter((t) =>
    clauseSlugsOf(t.body_md).includes(slug),
  );
}

const inUse = (what: string, users: { title: string }[]) =>
  new AppError(
    "23503",
    `${what} is used by ${users.length === 1 ? "a template" : `${users.length} templates`}`,
    {
      details: users.map((u) => u.title).join("; "),
    },
  );

/**
 * A clause keeps its search text current, cannot be renamed or removed while a template includes it, and
 * may only use variables every template that includes it declares.
 */
const clauseHooks: TableHooks = {
  beforeInsert: (ctx, values) => ({ ...values, search_text: searchText(values), owner_id: ctx.actorId }),
  async beforeUpdate(ctx, changes, before) {
    const after = { ...before, ...changes };
    if (changes.slug !== undefined && changes.slug !== before.slug) {
      const users = await templatesIncluding(ctx, String(before.slug));
      if (users.length > 0) throw inUse(`The slug ${before.slug}`, users);
    }
    if (changes.body_md !== undefined) {
      for (const template of await templatesIncluding(ctx, String(before.slug))) {
        const clauses = await repo.clauseBodies(ctx.trx, clauseSlugsOf(template.body_md));
        clauses.set(String(before.slug), String(after.body_md));
        const problems = templateProblems({ ...template, body: template.body_md, clauses });
        if (problems.length > 0)
          throw invalid(`The clause would break the template “${template.title}”`, problems);
      }
    }
    return { ...changes, search_text: searchText(after) };
  },
  async beforeDelete(ctx, before) {
    const users = await templatesIncluding(ctx, String(before.slug));
    if (users.length > 0) throw inUse(`The clause ${before.slug}`, users);
  },
};

/** Who writes through the data API, on a document's audit trail: a staff member, or the service_role key. */
const writer = (ctx: HookContext): Actor => ({
  actorId: ctx.actorId,
  actor: hookActor(ctx).actorRole,
  ip: ctx.ip,
});

// ---- templates -----------------------------------------------------------------------------------------

async function checkTemplate(ctx: HookContext, row: Row) {
  const body = String(row.body_md ?? "");
  const clauses = await repo.clauseBodies(ctx.trx, clauseSlugsOf(body));
  const problems = templateProblems({
    body,
    variables: (row.variables as LegalVariable[] | undefined) ?? [],
    category: row.category as LegalTemplateCategory,
    clauses,
  });
  if (problems.length > 0) throw invalid("The template does not check out", problems);
}

/** A template is saved only when every placeholder is declared and every clause exists; in use, it stays. */
const templateHooks: TableHooks = {
  async beforeInsert(ctx, values) {
    await checkTemplate(ctx, values);
    return { ...values, owner_id: ctx.actorId };
  },
  async beforeUpdate(ctx, changes, before) {
    await checkTemplate(ctx, { ...before, ...changes });
    return changes;
  },
  async beforeDelete(ctx, before) {
    const count = await repo.countDocumentsOfTemplate(ctx.trx, String(before.id));
    if (count > 0)
      throw new AppError(
        "23503",
        `The template is used by ${count === 1 ? "a document" : `${count} documents`}`,
        {
          hint: "Delete or keep those documents; a template in use cannot go.",
        },
      );
  },
};

// ---- documents -----------------------------------------------------------------------------------------

/** Parties as staff write them: the signing fields are the server's. */
function checkParties(parties: unknown) {
  // A bulk insert fills a column a row leaves out with null: the not-null constraint answers that.
  if (!Array.isArray(parties)) return;
  for (const party of parties as Record<string, unknown>[]) {
    const server = SERVER_PARTY_FIELDS.filter((f) => f in party);
    if (server.length > 0)
      throw new AppError("PGRST204", `A party's ${server.join(", ")} are set by the server as it signs`);
  }
}

/**
 * Variables with source `contact` left empty are filled from the document's source contact: a party
 * variable with the contact's name, e-mail, IPI and society, a text variable with the name.
 */
async function fillFromContact(
  ctx: HookContext,
  payload: LegalPayload,
  templateId: string,
): Promise<LegalPayload> {
  const contactId = payload.source_refs?.contact_id;
  if (!contactId) return payload;
  const [contact, template] = await Promise.all([
    repo.findContact(ctx.trx, contactId),
    repo.findTemplate(ctx.trx, templateId),
  ]);
  if (!contact)
    throw new AppError("23503", `No crm_contacts row with id ${contactId}`, {
      details: "payload.source_refs.contact_id",
    });
  const party: PartyValue = {
    name: `${contact.first_name} ${contact.last_name}`.trim(),
    email: contact.email,
    ipi: contact.ipi,
    society: contact.pro_society,
  };
  const variables = { ...payload.variables };
  for (const v of template?.variables ?? []) {
    const current = variables[v.key];
    if (v.source !== "contact" || (current !== undefined && current !== null && current !== "")) continue;
    variables[v.key] = v.type === "party" ? party : party.name;
  }
  return { ...payload, variables };
}

/**
 * Documents through the data API: created as drafts (status is read-only: it moves only through the
 * send, void and signing RPCs), edited and deleted only as drafts (anything later is frozen: a 409, by
 * every write form), variables filled from the source contact, each step on the audit trail and the
 * contact's timeline. An edit drops the files of the last render: they no longer show the draft.
 */
const documentHooks: TableHooks = {
  frozen: {
    column: "status",
    states: LEGAL_DOCUMENT_STATUSES.filter((status) => status !== "draft"),
    refusal: (verb, before) =>
      notADraft(before.status as LegalDocumentStatus, verb === "update" ? "edited" : "deleted"),
  },
  async beforeInsert(ctx, values) {
    checkParties(values.parties);
    const payload = await fillFromContact(
      ctx,
      (values.payload ?? {}) as LegalPayload,
      String(values.template_id),
    );
    const who = writer(ctx);
    return {
      ...values,
      status: "draft",
      payload,
      owner_id: ctx.actorId,
      audit: [auditEntry("created", who, ctx.at, { template_id: values.template_id })],
    };
  },
  async beforeUpdate(ctx, changes, before) {
    const doc = before as unknown as LegalDocument;
    checkParties(changes.parties);
    const out: Row = { ...changes };
    if (changes.payload !== undefined || changes.template_id !== undefined) {
      out.payload = await fillFromContact(
        ctx,
        (changes.payload ?? doc.payload) as LegalPayload,
        String(changes.template_id ?? doc.template_id),
      );
    }
    const fields = Object.keys(changes);
    if (fields.length === 0) return out;
    return {
      ...out,
      rendered_md: null,
      rendered_html: null,
      rendered_pdf_url: null,
      rendered_docx_url: null,
      audit: [...doc.audit, auditEntry("updated", writer(ctx), ctx.at, { fields })],
    };
  },
  async afterWrite(ctx, { verb, after }) {
    if (verb !== "insert" || !after) return;
    const doc = after as unknown as LegalDocument;
    await recordOnContactTimeline(ctx.trx, {
      contactId: doc.payload.source_refs?.contact_id,
      document: doc,
      action: "created",
      ...hookActor(ctx),
      at: ctx.at,
    });
  },
};

/** The legal tables' rules for the data API, registered by the composition root. */
export const legalTableHooks = {
  legal_clauses: clauseHooks,
  legal_templates: templateHooks,
  legal_documents: documentHooks,
} satisfies TableHooksByTable;
