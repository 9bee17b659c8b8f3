import { type LegalPayload, type LegalTemplateCategory, legalPartyInputSchema } from "@app/contracts";
import type { Db } from "../../db/database";
import { AppError } from "../../http/app-error";
import { composeMarkdown, missingRequired } from "./compose";
import { invalid } from "./lifecycle";
import { clauseSlugsOf, templateProblems } from "./placeholders";
import * as repo from "./repository";
import { splitSheetProblems } from "./split-sheet";
import type { LegalDocument } from "./types";

export interface Prepared {
  markdown: string;
  category: LegalTemplateCategory;
}

/**
 * A document's markdown from its template and the clause library as they are now. Refused (400) when the
 * template no longer checks out (a clause it includes was changed or removed since it was saved).
 */
export async function composeDocument(db: Db, doc: LegalDocument): Promise<Prepared> {
  const template = await repo.findTemplate(db, doc.template_id);
  if (!template) throw new AppError("23503", "The document's template no longer exists");
  const clauses = await repo.clauseBodies(db, clauseSlugsOf(template.body_md));
  const problems = templateProblems({
    body: template.body_md,
    variables: template.variables,
    category: template.category,
    clauses,
  });
  if (problems.length > 0) throw invalid("The document's template does not check out", problems);
  return {
    markdown: composeMarkdown(template, clauses, doc.payload as LegalPayload),
    category: template.category,
  };
}

/** What stops a draft from being sent: no signer, an empty required variable, a split sheet that does not add up. */
export async function sendProblems(db: Db, doc: LegalDocument, category: LegalTemplateCategory) {
  const template = await repo.findTemplate(db, doc.template_id);
  const problems: string[] = [];
  const signers = doc.parties.filter((p) => p.role === "signer");
  if (signers.length === 0) problems.push("A document needs at least one signer to be sent");
  const emails = signers.map((p) => p.email.toLowerCase());
  if (new Set(emails).size !== emails.length)
    problems.push("Each signer needs an e-mail address of their own");
  for (const party of doc.parties) {
    if (!legalPartyInputSchema.safeParse({ name: party.name, email: party.email, role: party.role }).success)
      problems.push(`The party ${party.name || "(no name)"} needs a name and a valid e-mail address`);
  }
  for (const label of missingRequired(template?.variables ?? [], doc.payload as LegalPayload))
    problems.push(`${label} is required`);
  if (category === "Split Sheet") problems.push(...splitSheetProblems(doc.payload.writers ?? []));
  return problems;
}
