import type {
  MatchRoyaltyLine,
  RoyaltyPeriodReport,
  royaltyMatchResultSchema,
  StatementHeader,
} from "@app/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { tsr } from "@/lib/api-client";
import { expectSuccess, searchFilter } from "@/lib/postgrest";
import { royaltiesQueryKey } from "@/lib/query-keys";
import { readTable } from "@/lib/read-table";
import { insertRow, type TableInsert, type TableRow, updateRow } from "@/lib/table-writes";
import { postFormWithProgress, type UploadProgress } from "@/lib/upload-with-progress";

export type RoyaltySource = TableRow<"royalty_sources">;
export type RoyaltyPeriod = TableRow<"royalty_periods">;
export type RoyaltyImport = TableRow<"royalty_imports">;
export type RoyaltyLine = TableRow<"royalty_lines">;
type RoyaltyStatement = TableRow<"royalty_statements">;
type RoyaltyPayee = TableRow<"royalty_payees">;
type Work = TableRow<"works">;
export type WorkWriter = TableRow<"work_writers">;
type Recording = TableRow<"recordings">;
type MatchResult = z.infer<typeof royaltyMatchResultSchema>;

const root = royaltiesQueryKey;
const invalidates = [root] as const;
const EXACT = { count: "exact" } as const;
/** The unmatched queue shows a page at a time: a bad file can leave thousands of lines unmatched. */
export const UNMATCHED_PAGE = 100;

export function useRoyaltySources() {
  return useQuery({
    queryKey: [...root, "sources"],
    queryFn: async ({ signal }) =>
      (await readTable("royalty_sources", { ...EXACT, order: ["name.asc"] }, signal)).rows,
    meta: { errorMessage: "Could not load the royalty sources" },
  });
}

/** A new source, or changes to one as it was read (a stale copy is refused, never written over). */
export function useSaveSource() {
  return useMutation({
    mutationFn: ({
      source,
      values,
    }: {
      source: RoyaltySource | null;
      values: TableInsert<"royalty_sources">;
    }) =>
      source
        ? updateRow("royalty_sources", { id: source.id, version: source.updated_at, changes: values })
        : insertRow("royalty_sources", values),
    meta: { successMessage: "Source saved", errorMessage: "Could not save the source", invalidates },
  });
}

/** A sample statement's header row, read by the server the way an import will read the file. */
export function useStatementHeader() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return (await postFormWithProgress(
        "/api/royalties/statement-header",
        form,
        () => {},
      )) as StatementHeader;
    },
    meta: { errorMessage: "Could not read the sample file's columns" },
  });
}

export function useRoyaltyPeriods() {
  return useQuery({
    queryKey: [...root, "periods"],
    queryFn: async ({ signal }) =>
      (await readTable("royalty_periods", { ...EXACT, order: ["starts_on.desc"] }, signal)).rows,
    meta: { errorMessage: "Could not load the royalty periods" },
  });
}

export function useRoyaltyImports() {
  return useQuery({
    queryKey: [...root, "imports"],
    queryFn: async ({ signal }) =>
      (await readTable("royalty_imports", { ...EXACT, order: ["created_at.desc"] }, signal)).rows,
    meta: { errorMessage: "Could not load the imports" },
  });
}

/** The lines no work or recording was found for, oldest import's first rows first, a page at a time. */
export function useUnmatchedLines(offset: number) {
  return useQuery({
    queryKey: [...root, "unmatched", offset],
    queryFn: ({ signal }) =>
      readTable(
        "royalty_lines",
        {
          // Exact up to a read's most rows, the estimate beyond: a bad file's thousands of unmatched
          // lines are not counted one by one for every page of the pager.
          count: "estimated",
          filters: { work_id: "is.null", recording_id: "is.null" },
          order: ["import_id.asc", "row_number.asc"],
          range: { limit: UNMATCHED_PAGE, offset },
        },
        signal,
      ),
    meta: { errorMessage: "Could not load the unmatched lines" },
  });
}

export type CatalogueHit =
  | { kind: "work"; id: string; title: string; detail: string }
  | { kind: "recording"; id: string; title: string; detail: string };

const SEARCH_LIMIT = 10;

/** Works by title or ISWC and recordings by title, ISRC or artist, for matching a line by hand. */
export function useCatalogueSearch(text: string) {
  const works = searchFilter(["title", "iswc", "submitter_work_id"], text);
  const recordings = searchFilter(["title", "isrc", "artist"], text);
  return useQuery({
    queryKey: [...root, "catalogue-search", text.trim()],
    enabled: works !== undefined,
    queryFn: async ({ signal }): Promise<CatalogueHit[]> => {
      const limit = { range: { limit: SEARCH_LIMIT } };
      const [foundWorks, foundRecordings] = await Promise.all([
        readTable("works", { ...limit, filters: { and: works }, order: ["title.asc"] }, signal),
        readTable("recordings", { ...limit, filters: { and: recordings }, order: ["title.asc"] }, signal),
      ]);
      return [
        ...foundWorks.rows.map((work) => ({
          kind: "work" as const,
          id: work.id,
          title: work.title,
          detail: [work.submitter_work_id, work.iswc].filter(Boolean).join(" · "),
        })),
        ...foundRecordings.rows.map((recording) => ({
          kind: "recording" as const,
          id: recording.id,
          title: recording.title,
          detail: [recording.isrc, recording.artist].filter(Boolean).join(" · "),
        })),
      ];
    },
    meta: { errorMessage: "Could not search the catalogue" },
  });
}

export function useMatchLine() {
  return useMutation({
    mutationFn: async (body: MatchRoyaltyLine) =>
      expectSuccess(await tsr.royaltyLedger.matchRoyaltyLine.mutate({ body })).body as MatchResult,
    meta: { errorMessage: "Could not match the line", invalidates },
  });
}

export function useCreatePeriod() {
  return useMutation({
    mutationFn: (values: TableInsert<"royalty_periods">) => insertRow("royalty_periods", values),
    meta: { successMessage: "Period created", errorMessage: "Could not create the period", invalidates },
  });
}

export function usePreviewPeriod() {
  return useMutation({
    mutationFn: async (periodId: string): Promise<RoyaltyPeriodReport> =>
      expectSuccess(await tsr.royaltyLedger.previewRoyaltyPeriod.mutate({ body: { period_id: periodId } }))
        .body as RoyaltyPeriodReport,
    meta: { errorMessage: "Could not preview the period", invalidates },
  });
}

export function useClosePeriod() {
  return useMutation({
    mutationFn: async (periodId: string): Promise<RoyaltyPeriodReport> =>
      expectSuccess(await tsr.royaltyLedger.closeRoyaltyPeriod.mutate({ body: { period_id: periodId } }))
        .body as RoyaltyPeriodReport,
    // A refusal is shown in the confirm dialog, where it can be read before trying again.
    meta: { successMessage: "Period closed", invalidates },
  });
}

/** Statement ids per read of their mailings, so the URL stays well under the server's header limit. */
const MAILINGS_BATCH = 50;

/** When each of these statements was last mailed to its payee (absent: never). */
async function lastMailedOf(statementIds: string[], signal: AbortSignal) {
  const batches = [];
  for (let i = 0; i < statementIds.length; i += MAILINGS_BATCH)
    batches.push(statementIds.slice(i, i + MAILINGS_BATCH));
  const reads = await Promise.all(
    batches.map((ids) =>
      readTable(
        "royalty_statement_mailings",
        { filters: { statement_id: `in.(${ids.join(",")})` }, order: ["sent_at.desc"] },
        signal,
      ),
    ),
  );
  const last = new Map<string, string>();
  for (const mailing of reads.flatMap((read) => read.rows))
    if (!last.has(mailing.statement_id)) last.set(mailing.statement_id, mailing.sent_at);
  return last;
}

/** Every payee's statement of a closed period, with the payees' names and when each was last mailed. */
export function useRoyaltyStatements(periodId: string) {
  return useQuery({
    queryKey: [...root, "statements", periodId],
    enabled: periodId !== "",
    queryFn: async ({ signal }) => {
      const [statements, payees] = await Promise.all([
        readTable("royalty_statements", { ...EXACT, filters: { period_id: `eq.${periodId}` } }, signal),
        readTable("royalty_payees", { ...EXACT, order: ["name.asc"] }, signal),
      ]);
      const names = new Map(payees.rows.map((payee) => [payee.id, payee.name]));
      const mailed = await lastMailedOf(
        statements.rows.map((statement) => statement.id),
        signal,
      );
      return statements.rows
        .map((statement) => ({
          ...statement,
          payeeName: names.get(statement.payee_id) ?? "Unknown payee",
          lastMailedAt: mailed.get(statement.id) ?? null,
        }))
        .sort((a, b) => a.payeeName.localeCompare(b.payeeName, "sv"));
    },
    meta: { errorMessage: "Could not load the statements" },
  });
}

/** Mails a payee their statement's PDF; a refusal (no address, too many mails) is shown where it was asked. */
export function useMailStatement() {
  return useMutation({
    mutationFn: async (statementId: string) =>
      expectSuccess(await tsr.royaltyLedger.mailRoyaltyStatement.mutate({ params: { id: statementId } }))
        .body,
    meta: { successMessage: "Statement mailed to the payee", invalidates },
  });
}

/** The catalogue: works with their writers, and recordings. */
export function useCatalogue() {
  return useQuery({
    queryKey: [...root, "catalogue"],
    queryFn: async ({ signal }) => {
      const [works, writers, recordings, splitSheets] = await Promise.all([
        readTable("works", { ...EXACT, order: ["title.asc"] }, signal),
        readTable("work_writers", { ...EXACT }, signal),
        readTable("recordings", { ...EXACT, order: ["title.asc"] }, signal),
        readTable("work_split_sheets", { ...EXACT, order: ["effective_from.asc"] }, signal),
      ]);
      return {
        works: works.rows,
        writers: writers.rows,
        recordings: recordings.rows,
        splitSheets: splitSheets.rows,
      };
    },
    meta: { errorMessage: "Could not load the catalogue" },
  });
}

/** Split sheets every writer has signed: the only ones a work's money may follow. */
export function useSignedSplitSheets() {
  return useQuery({
    queryKey: [...root, "signed-split-sheets"],
    queryFn: async ({ signal }) => {
      const templates = await readTable(
        "legal_templates",
        { select: ["id"], filters: { category: "eq.Split Sheet" } },
        signal,
      );
      if (templates.rows.length === 0) return [];
      const documents = await readTable(
        "legal_documents",
        {
          select: ["id", "title"],
          filters: {
            status: "eq.fully_signed",
            template_id: `in.(${templates.rows.map((t) => t.id).join(",")})`,
          },
          order: ["title.asc"],
        },
        signal,
      );
      return documents.rows;
    },
    meta: { errorMessage: "Could not load the signed split sheets" },
  });
}

/** Links a signed split sheet to a work from a day: the work's money follows it from then on. */
export function useLinkSplitSheet() {
  return useMutation({
    mutationFn: (values: TableInsert<"work_split_sheets">) => insertRow("work_split_sheets", values),
    meta: {
      successMessage: "Split sheet linked",
      errorMessage: "Could not link the split sheet",
      invalidates,
    },
  });
}

/** `rate`: SEK per unit of the statement's currency, for a file that states none ("" for none). */
export type ImportRequest = { file: File; sourceId: string; periodId: string; rate: string };

/** Uploads a statement file into a source (and a period, or the open one the day falls in). */
export function useImportStatement() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ file, sourceId, periodId, rate }: ImportRequest) => {
      const form = new FormData();
      form.append("source_id", sourceId);
      if (periodId) form.append("period_id", periodId);
      if (rate.trim()) form.append("rate", rate.trim().replace(",", "."));
      // The file last: the server can read the fields before it streams the file.
      form.append("file", file, file.name);
      setProgress({ sent: 0, total: file.size });
      try {
        return (await postFormWithProgress("/api/royalties/imports", form, setProgress)) as RoyaltyImport;
      } finally {
        setProgress(null);
      }
    },
    meta: {
      successMessage: "Statement imported",
      errorMessage: "Could not import the statement",
      invalidates,
    },
  });
  return { ...mutation, progress };
}
