import type { LegalTemplateCategory, LegalVariable } from "@app/contracts";
import type { Db } from "../../db/database";
import { sampleMarkdown } from "./compose";
import { invalid } from "./lifecycle";
import { parseMarkdown, toHtml } from "./markdown";
import { clauseSlugsOf, templateProblems } from "./placeholders";
import * as repo from "./repository";

/** A template as the editor holds it, checked as saving would check it, rendered with sample values. */
export async function previewLegalTemplate(
  db: Db,
  template: { body_md: string; variables: LegalVariable[]; category?: LegalTemplateCategory },
) {
  const clauses = await repo.clauseBodies(db, clauseSlugsOf(template.body_md));
  const problems = templateProblems({ ...template, body: template.body_md, clauses });
  if (problems.length > 0) throw invalid("The template does not check out", problems);
  const markdown = sampleMarkdown({ ...template, category: template.category ?? "Custom" }, clauses);
  return { html: toHtml(parseMarkdown(markdown)) };
}
