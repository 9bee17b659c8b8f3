import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { RoyaltiesPage } from "@/features/royalties/routes/royalties-page";
import { formatDateTime } from "@/lib/format";
import { jsonResponse } from "@/test/fetch-stub";
import { renderBackOffice } from "@/test/render-back-office";
import { stubSavedFiles } from "@/test/saved-files";
import { rowsResponse, stubTableApi, writeResponse } from "@/test/table-api";
import { stubUpload } from "@/test/upload-stub";

const STAMP = "2026-11-20T10:00:00.000Z";
const SOURCE = "11111111-1111-4111-8111-111111111111";
const PERIOD = "22222222-2222-4222-8222-222222222222";
const CLOSED = "33333333-3333-4333-8333-333333333333";
const LINE = "44444444-4444-4444-8444-444444444444";
const RECORDING = "55555555-5555-4555-8555-555555555555";
const PAYEE = "66666666-6666-4666-8666-666666666666";
const STATEMENT = "88888888-8888-4888-8888-888888888888";

const source = { id: SOURCE, name: "DistroKid", kind: "distributor", mapping_key: "distrokid_tsv" };

function period(overrides: Record<string, unknown> = {}) {
  return {
    id: PERIOD,
    name: "2026 H2",
    starts_on: "2026-07-01",
    ends_on: "2026-12-31",
    status: "open",
    received_ore: null,
    suspense_ore: null,
    suspense: null,
    closed_at: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

function imported(overrides: Record<string, unknown> = {}) {
  return {
    id: "77777777-7777-4777-8777-777777777777",
    source_id: SOURCE,
    period_id: PERIOD,
    file_name: "distrokid-2026-10.tsv",
    file_sha256: "a".repeat(64),
    encoding: "utf-8",
    currency: "USD",
    rate: "10.5",
    lines: 12,
    matched: 11,
    unmatched: 1,
    total_ore: 123_456,
    created_by: null,
    created_at: STAMP,
    ...overrides,
  };
}

const line = {
  id: LINE,
  import_id: "77777777-7777-4777-8777-777777777777",
  row_number: 7,
  usage_period: "2026-10",
  store: "Spotify",
  territory: "SE",
  isrc: "SEABC2600001",
  upc: null,
  iswc: null,
  work_number: null,
  title: "Midsommarnatt",
  artist: "Alva Berg",
  right_type: null,
  quantity: "100",
  amount: "1.25",
  currency: "USD",
  amount_ore: 1_313,
  work_id: null,
  recording_id: null,
  match_method: null,
};

function report(status: string) {
  return {
    period: period({ status }),
    received_ore: 50_000,
    statements: [],
    suspense: {
      unmatched_ore: 1_313,
      unmatched_lines: 1,
      unsplit_ore: 0,
      unsplit_lines: 0,
      held: [],
      total_ore: 1_313,
    },
  };
}

/** A closed period with Alva Berg's statement in it, as the statements tab reads them. */
const closedStatement = {
  "GET royalty_periods": () =>
    rowsResponse([period(), period({ id: CLOSED, name: "2026 H1", status: "closed" })]),
  "GET royalty_payees": () => rowsResponse([{ id: PAYEE, name: "Alva Berg" }]),
  "GET royalty_statements": () =>
    rowsResponse([
      {
        id: STATEMENT,
        period_id: CLOSED,
        payee_id: PAYEE,
        opening_balance_ore: 10_000,
        earnings_ore: 100_000,
        fee_ore: 20_000,
        recouped_ore: 30_000,
        closing_balance_ore: 60_000,
        payable_ore: 60_000,
        self_billing_number: "AB-1",
        vat_ore: 3_600,
      },
    ]),
};

describe("the royalties screen", () => {
  it("imports a statement into a source and period with upload progress, then shows its counts", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({
      "GET royalty_sources": () => rowsResponse([source]),
      "GET royalty_periods": () =>
        rowsResponse([period(), period({ id: CLOSED, name: "2026 H1", status: "closed" })]),
      "GET royalty_imports": () => rowsResponse([imported({ file_name: "earlier.tsv", total_ore: 5_000 })]),
    });
    let answer = () => {};
    const sent = stubUpload(201, imported(), new Promise<void>((resolve) => (answer = resolve)));
    renderBackOffice(<RoyaltiesPage />, { route: "/app/royalties" });

    const past = await screen.findByRole("table", { name: "Past imports, newest first" });
    expect(within(past).getByText("earlier.tsv")).toBeInTheDocument();
    expect(past).toHaveTextContent("50,00 kr");

    await screen.findByRole("option", { name: "DistroKid" });
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Choose the source");
    expect(sent).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText("Source"), "DistroKid");
    const periodSelect = screen.getByRole("combobox", { name: /^Period/ });
    // A closed period takes no more imports, so it is not offered.
    expect(within(periodSelect).queryByRole("option", { name: "2026 H1" })).toBeNull();
    await user.selectOptions(periodSelect, "2026 H2");
    const file = new File(["Reporting Date\tISRC\n"], "distrokid-2026-10.tsv", {
      type: "text/tab-separated-values",
    });
    await user.upload(screen.getByLabelText("Statement file"), file);
    await user.type(screen.getByLabelText(/^Rate, SEK per unit/), "10,45");
    await user.click(screen.getByRole("button", { name: "Import" }));

    expect(await screen.findByRole("progressbar", { name: "Upload" })).toHaveAttribute("aria-valuenow", "40");
    answer();
    const counts = await screen.findByRole("region", { name: "Imported distrokid-2026-10.tsv" });
    expect(counts).toHaveTextContent("Lines12");
    expect(counts).toHaveTextContent("Matched11");
    expect(counts).toHaveTextContent("Unmatched1");
    expect(counts).toHaveTextContent(/Total1\s234,56\skr/);
    expect(screen.queryByRole("progressbar")).toBeNull();

    const [request] = sent;
    expect(request?.url).toBe("/api/royalties/imports");
    expect(request?.headers.authorization).toMatch(/^Bearer /);
    expect(request?.body.get("source_id")).toBe(SOURCE);
    expect(request?.body.get("period_id")).toBe(PERIOD);
    expect(request?.body.get("rate")).toBe("10.45");
    expect((request?.body.get("file") as File | null)?.name).toBe("distrokid-2026-10.tsv");
    // The list is read again, so the new import shows among the past ones.
    await waitFor(() => expect(api.calls("GET", "royalty_imports").length).toBeGreaterThan(1));
  });

  it("says why an import was refused, such as the same file twice", async () => {
    const user = userEvent.setup();
    stubTableApi({ "GET royalty_sources": () => rowsResponse([source]) });
    const sent = stubUpload(409, {
      code: "royalty_import_duplicate",
      message: "This file was imported already",
    });
    renderBackOffice(<RoyaltiesPage />, { route: "/app/royalties" });
    await screen.findByRole("option", { name: "DistroKid" });
    await user.selectOptions(screen.getByLabelText("Source"), "DistroKid");
    await user.upload(screen.getByLabelText("Statement file"), new File(["x"], "again.tsv"));
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("This file was imported already")).toBeInTheDocument();
    // No rate typed: none is sent, and the server uses the file's own.
    expect(sent[0]?.body.has("rate")).toBe(false);
    expect(screen.queryByRole("region", { name: /^Imported/ })).toBeNull();
  });

  it("matches an unmatched line to a recording found by search, remembered for its source", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({
      "GET royalty_lines": () => rowsResponse([line]),
      "GET recordings": () =>
        rowsResponse([{ id: RECORDING, title: "Midsommarnatt", isrc: "SEABC2600001", artist: "Alva Berg" }]),
      "POST rpc/match_royalty_line": () => jsonResponse({ matched: 3, line_ids: [LINE], alias: null }),
    });
    renderBackOffice(<RoyaltiesPage />, { route: "/app/royalties" });
    await user.click(screen.getByRole("tab", { name: "Unmatched" }));

    const table = await screen.findByRole("table", { name: "Unmatched lines" });
    expect(table).toHaveTextContent("Midsommarnatt");
    expect(table).toHaveTextContent("ISRC SEABC2600001");
    expect(table).toHaveTextContent("1.25 USD");
    const read = api.calls("GET", "royalty_lines")[0]?.params;
    expect(read?.get("work_id")).toBe("is.null");
    expect(read?.get("recording_id")).toBe("is.null");

    await user.click(within(table).getByRole("button", { name: "Match Midsommarnatt (row 7)" }));
    const dialog = await screen.findByRole("dialog", { name: "Match a line" });
    // The search starts from the line's ISRC.
    expect(within(dialog).getByLabelText("Search works and recordings")).toHaveValue("SEABC2600001");
    await user.click(within(dialog).getByRole("button", { name: "Match" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Choose the work or recording");

    await user.click(await within(dialog).findByRole("radio", { name: /Midsommarnatt.*Recording/ }));
    expect(within(dialog).getByRole("checkbox", { name: "Remember for this source" })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Match" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls("POST", "rpc/match_royalty_line")[0]?.body).toEqual({
      line_id: LINE,
      recording_id: RECORDING,
      remember: true,
    });
    expect(api.calls("GET", "recordings")[0]?.params.get("and")).toContain("isrc.ilike");
  });

  it("creates a period, previews it, and closes it after confirming", async () => {
    const user = userEvent.setup();
    let status = "open";
    const api = stubTableApi({
      "GET royalty_periods": () =>
        rowsResponse([period({ status, closed_at: status === "closed" ? STAMP : null })]),
      "POST royalty_periods": () => writeResponse([period({ id: CLOSED, name: "2027 H1" })], 201),
      "POST rpc/preview_royalty_period": () => jsonResponse(report("previewed")),
      "POST rpc/close_royalty_period": () => {
        status = "closed";
        return jsonResponse(report("closed"));
      },
    });
    renderBackOffice(<RoyaltiesPage />, { route: "/app/royalties" });
    await user.click(screen.getByRole("tab", { name: "Periods" }));

    await user.type(await screen.findByLabelText("Name"), "2027 H1");
    await user.type(screen.getByLabelText("First day"), "2027-01-01");
    await user.type(screen.getByLabelText("Last day"), "2027-06-30");
    await user.click(screen.getByRole("button", { name: "Create period" }));
    await waitFor(() => expect(api.calls("POST", "royalty_periods")).toHaveLength(1));
    expect(api.calls("POST", "royalty_periods")[0]?.body).toMatchObject({
      name: "2027 H1",
      starts_on: "2027-01-01",
      ends_on: "2027-06-30",
    });

    await user.click(await screen.findByRole("button", { name: "Preview 2026 H2" }));
    const preview = await screen.findByRole("region", { name: "Preview of 2026 H2" });
    expect(preview).toHaveTextContent(/Received500,00\skr/);
    expect(preview).toHaveTextContent(/In suspense13,13\skr/);

    await user.click(screen.getByRole("button", { name: "Close 2026 H2" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Close 2026 H2?" });
    await user.click(within(confirm).getByRole("button", { name: "Close period" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.calls("POST", "rpc/close_royalty_period")[0]?.body).toEqual({ period_id: PERIOD });
    const periods = screen.getByRole("table", { name: "Periods, latest first" });
    await waitFor(() => expect(within(periods).getByText("Closed")).toBeInTheDocument());
    expect(within(periods).queryByRole("button", { name: "Close 2026 H2" })).toBeNull();
  });

  it("lists each payee's statement of a closed period, each with its PDF and CSV to download", async () => {
    const user = userEvent.setup();
    const saved = stubSavedFiles("blob:statement");
    const file = (type: string, name: string) => () =>
      new Response("bytes", {
        headers: { "content-type": type, "content-disposition": `attachment; filename="${name}"` },
      });
    const api = stubTableApi({
      [`GET /api/royalties/statements/${STATEMENT}/pdf`]: file("application/pdf", "Alva-Berg.pdf"),
      [`GET /api/royalties/statements/${STATEMENT}/csv`]: file("text/csv; charset=utf-8", "Alva-Berg.csv"),
      ...closedStatement,
    });
    renderBackOffice(<RoyaltiesPage />, { route: "/app/royalties" });
    await user.click(screen.getByRole("tab", { name: "Statements" }));
    const row = (await screen.findByRole("cell", { name: /Alva Berg/ })).closest("tr") as HTMLElement;
    expect(
      within(row)
        .getAllByRole("cell")
        .slice(1, -1)
        .map((cell) => cell.textContent?.replace(/\s/g, " ")),
    ).toEqual(["100,00 kr", "1 000,00 kr", "200,00 kr", "300,00 kr", "600,00 kr", "600,00 kr"]);
    expect(row.textContent?.replace(/\s/g, " ")).toContain("Self-billing AB-1, VAT 36,00 kr");
    expect(api.calls("GET", "royalty_statements")[0]?.params.get("period_id")).toBe(`eq.${CLOSED}`);

    // Staff-only files: fetched with the token, then saved, never a bare link the browser follows.
    for (const [label, kind, type] of [
      ["PDF", "pdf", "application/pdf"],
      ["CSV", "csv", "text/csv"],
    ] as const) {
      await user.click(
        within(row).getByRole("button", { name: `Download Alva Berg's statement as ${label}` }),
      );
      await waitFor(() => expect(saved.mock.calls.map(([blob]) => blob.type.split(";")[0])).toContain(type));
      const [download] = api.calls("GET", `/api/royalties/statements/${STATEMENT}/${kind}`);
      expect(download?.headers.get("authorization")).toMatch(/^Bearer \S+/);
    }
  });

  it("mails a payee's statement after a confirmation, explains a refusal, and shows when it was mailed", async () => {
    const user = userEvent.setup();
    const mailings: { id: string; statement_id: string; sent_at: string; sent_by: null }[] = [];
    let answers = 0;
    const api = stubTableApi({
      ...closedStatement,
      "GET royalty_statement_mailings": () => rowsResponse(mailings),
      [`POST /api/royalties/statements/${STATEMENT}/mail`]: () => {
        // The first try finds no address; the second (once one was added) is sent.
        if (++answers === 1)
          return jsonResponse(
            {
              code: "payee_without_address",
              message: "Alva Berg has no e-mail address to mail the statement to",
            },
            422,
          );
        const mailing = { id: "m1", statement_id: STATEMENT, sent_at: STAMP, sent_by: null };
        mailings.push(mailing);
        return jsonResponse(mailing);
      },
    });
    renderBackOffice(<RoyaltiesPage />, { route: "/app/royalties" });
    await user.click(screen.getByRole("tab", { name: "Statements" }));
    const row = (await screen.findByRole("cell", { name: /Alva Berg/ })).closest("tr") as HTMLElement;
    expect(await within(row).findByText("Not mailed yet")).toBeInTheDocument();
    expect(api.calls("GET", "royalty_statement_mailings")[0]?.params.get("statement_id")).toBe(
      `in.(${STATEMENT})`,
    );

    const mailButton = within(row).getByRole("button", { name: "Mail Alva Berg's statement to them" });
    await user.click(mailButton);
    let confirm = await screen.findByRole("alertdialog", { name: "Mail Alva Berg's statement?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.calls("POST", `/api/royalties/statements/${STATEMENT}/mail`)).toHaveLength(0);

    await user.click(mailButton);
    confirm = await screen.findByRole("alertdialog", { name: "Mail Alva Berg's statement?" });
    await user.click(within(confirm).getByRole("button", { name: "Mail statement" }));
    expect(await within(confirm).findByText(/has no e-mail address/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Mail statement" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(await screen.findByText("Statement mailed to the payee")).toBeInTheDocument();
    expect(await within(row).findByText(/^Mailed /)).toHaveTextContent(formatDateTime(STAMP));
    const posts = api.calls("POST", `/api/royalties/statements/${STATEMENT}/mail`);
    expect(posts).toHaveLength(2);
    expect(posts[0]?.headers.get("authorization")).toMatch(/^Bearer \S+/);
  });

  it("shows the catalogue's works with their writers' shares", async () => {
    const user = userEvent.setup();
    stubTableApi({
      "GET works": () =>
        rowsResponse([
          { id: "w1", title: "Midsommarnatt", submitter_work_id: "W000001", iswc: "T1234567894" },
        ]),
      "GET work_writers": () =>
        rowsResponse([
          { id: "ww1", work_id: "w1", role: "CA", manuscript_share_bp: 6_667, controlled: true },
          { id: "ww2", work_id: "w1", role: "A", manuscript_share_bp: 3_333, controlled: false },
        ]),
    });
    renderBackOffice(<RoyaltiesPage />, { route: "/app/royalties" });
    await user.click(screen.getByRole("tab", { name: "Catalogue" }));
    const works = await screen.findByRole("table", { name: "Works" });
    expect(works).toHaveTextContent("W000001 · T1234567894");
    expect(works).toHaveTextContent(/CA 66,67\s%\s\(controlled\) · A 33,33\s%/);
    expect(screen.getByText("No recordings yet.")).toBeInTheDocument();
  });

  it("flags a work without a signed split and links a fully signed split sheet to it from a day", async () => {
    const user = userEvent.setup();
    let linked = false;
    const api = stubTableApi({
      "GET works": () => rowsResponse([{ id: "w1", title: "Midsommarnatt", submitter_work_id: "W000001" }]),
      "GET work_split_sheets": () =>
        rowsResponse(linked ? [{ id: "l1", work_id: "w1", effective_from: "2026-03-01" }] : []),
      "GET legal_templates": () => rowsResponse([{ id: "t1" }]),
      "GET legal_documents": () => rowsResponse([{ id: "d1", title: "Split Sheet: Midsommarnatt" }]),
      "POST work_split_sheets": () => {
        linked = true;
        return writeResponse([{ id: "l1", work_id: "w1", effective_from: "2026-03-01" }], 201);
      },
    });
    renderBackOffice(<RoyaltiesPage />, { route: "/app/royalties" });
    await user.click(screen.getByRole("tab", { name: "Catalogue" }));
    const works = await screen.findByRole("table", { name: "Works" });
    expect(works).toHaveTextContent("No fully signed split: its money is held");
    await user.click(within(works).getByRole("button", { name: "Link split sheet to Midsommarnatt" }));
    const dialog = await screen.findByRole("dialog", { name: "Link a split sheet to Midsommarnatt" });
    await user.click(within(dialog).getByRole("button", { name: "Link split sheet" }));
    expect(within(dialog).getByLabelText("In force from")).toHaveAccessibleDescription(
      "Give the day it is in force from",
    );
    await user.selectOptions(
      within(dialog).getByLabelText("Fully signed split sheet"),
      "Split Sheet: Midsommarnatt",
    );
    await user.type(within(dialog).getByLabelText("In force from"), "2026-03-01");
    await user.click(within(dialog).getByRole("button", { name: "Link split sheet" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls("POST", "work_split_sheets")[0]?.body).toEqual({
      work_id: "w1",
      legal_document_id: "d1",
      effective_from: "2026-03-01",
    });
    expect(api.calls("GET", "legal_documents")[0]?.params.get("status")).toBe("eq.fully_signed");
    expect(await screen.findByText("Signed split from 2026-03-01")).toBeInTheDocument();
  });

  it("adds a source whose columns come from a sample file's header, saving the mapping it validates", async () => {
    const user = userEvent.setup();
    const sent = stubUpload(200, {
      header: ["Month", "Store", "Song Title", "ISRC", "Net (SEK)"],
      format: { kind: "delimited", encoding: "utf-8", delimiter: ";" },
    });
    const api = stubTableApi({
      "GET royalty_sources": () => rowsResponse([{ ...source, default_currency: "USD" }]),
      "POST royalty_sources": () => writeResponse([{ ...source, id: PERIOD, name: "Exempel" }], 201),
    });
    renderBackOffice(<RoyaltiesPage />, { route: "/app/royalties" });
    await user.click(screen.getByRole("tab", { name: "Sources" }));
    const row = (await screen.findByRole("cell", { name: "DistroKid" })).closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("DistroKid TSV, USD");

    await user.click(screen.getByRole("button", { name: "New source" }));
    const dialog = await screen.findByRole("dialog", { name: "New source" });
    await user.type(within(dialog).getByLabelText("Name"), "Exempel");
    await user.selectOptions(within(dialog).getByLabelText("File format"), "custom");
    // Saved before any amount column is chosen: the refusal stands beside that field.
    await user.click(within(dialog).getByRole("button", { name: "Save source" }));
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveAccessibleDescription(
      "Map the column with the amount",
    );
    expect(api.calls("POST", "royalty_sources")).toHaveLength(0);

    await user.upload(
      within(dialog).getByLabelText(/sample file/),
      new File(["Month;Store;Song Title;ISRC;Net (SEK)\n"], "exempel.csv", { type: "text/csv" }),
    );
    expect(sent[0]?.url).toBe("/api/royalties/statement-header");
    await within(dialog).findByText("5 columns read; the usual ones are chosen below.");
    expect(within(dialog).getByLabelText(/^ISRC/)).toHaveValue("ISRC");
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue("Song Title");
    await user.selectOptions(within(dialog).getByLabelText(/^Amount/), "Net (SEK)");
    await user.selectOptions(within(dialog).getByLabelText(/^Usage period/), "Month");
    await user.click(within(dialog).getByRole("button", { name: "Save source" }));
    await waitFor(() => expect(api.calls("POST", "royalty_sources")).toHaveLength(1));
    expect(api.calls("POST", "royalty_sources")[0]?.body).toMatchObject({
      name: "Exempel",
      mapping_key: "custom",
      default_currency: "SEK",
      mapping: {
        columns: {
          isrc: "ISRC",
          title: "Song Title",
          store: "Store",
          amount: "Net (SEK)",
          usage_period: "Month",
        },
        default_currency: "SEK",
      },
    });
  });

  it("lists the payees with their terms, adds one with its errors beside the fields, and records an advance", async () => {
    const user = userEvent.setup();
    const CONTACT = "99999999-9999-4999-8999-999999999999";
    const payee = {
      id: PAYEE,
      name: "Alva Berg",
      contact_id: CONTACT,
      company_id: null,
      payout_details: null,
      publisher_fee_bp: 2_000,
      reserve_bp: 1_250,
      reserve_periods: 2,
      vat_registered: true,
      created_at: STAMP,
      updated_at: STAMP,
    };
    const api = stubTableApi({
      "GET royalty_payees": () => rowsResponse([payee]),
      "GET royalty_statements": () =>
        rowsResponse([
          { payee_id: PAYEE, unrecouped_ore: 40_000 },
          { payee_id: PAYEE, unrecouped_ore: 90_000 },
        ]),
      "GET crm_contacts": () => rowsResponse([{ id: CONTACT, first_name: "Alva", last_name: "Berg" }]),
      "GET crm_companies": () => rowsResponse([]),
      "POST royalty_payees": () => writeResponse([{ ...payee, id: STATEMENT, name: "Nils Ek" }], 201),
      "POST royalty_advances": () =>
        writeResponse([{ id: LINE, payee_id: PAYEE, paid_on: "2026-09-01", amount_ore: 1_250_050 }], 201),
    });
    renderBackOffice(<RoyaltiesPage />, { route: "/app/royalties" });
    await user.click(screen.getByRole("tab", { name: "Payees" }));

    const table = await screen.findByRole("table", { name: "Payees" });
    const row = within(table).getByText("Alva Berg").closest("tr") as HTMLElement;
    await waitFor(() => expect(row).toHaveTextContent("Contact: Alva Berg"));
    // The newest statement's figure: statements are read newest first.
    expect(
      within(row)
        .getAllByRole("cell")
        .slice(1, -1)
        .map((cell) => cell.textContent?.replace(/\s/g, " ")),
    ).toEqual(["20 %", "12,5 % for 2 periods", "Yes", "400,00 kr"]);
    expect(api.calls("GET", "royalty_statements")[0]?.params.get("order")).toBe("created_at.desc");

    await user.click(screen.getByRole("button", { name: "New payee" }));
    const dialog = await screen.findByRole("dialog", { name: "New payee" });
    await user.type(within(dialog).getByLabelText("Name on statements"), "Nils Ek");
    const reserve = within(dialog).getByLabelText("Reserve (%)");
    await user.clear(reserve);
    await user.type(reserve, "150");
    await user.click(within(dialog).getByRole("button", { name: "Create payee" }));
    expect(await within(dialog).findByText(/A reserve is at most 100 %/)).toBeInTheDocument();
    expect(reserve).toHaveAttribute("aria-invalid", "true");
    expect(reserve).toHaveFocus();
    expect(api.calls("POST", "royalty_payees")).toHaveLength(0);

    await user.clear(reserve);
    await user.type(reserve, "7,5");
    await user.selectOptions(within(dialog).getByLabelText(/^Contact or company/), "Alva Berg");
    await user.click(within(dialog).getByLabelText(/^VAT registered/));
    await user.type(within(dialog).getByLabelText(/^VAT number/), "se 811218987601");
    await user.click(within(dialog).getByRole("button", { name: "Create payee" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls("POST", "royalty_payees")[0]?.body).toMatchObject({
      name: "Nils Ek",
      contact_id: CONTACT,
      company_id: null,
      publisher_fee_bp: 0,
      reserve_bp: 750,
      reserve_periods: 2,
      vat_registered: true,
      vat_number: "SE811218987601",
    });
    expect(await screen.findByText("Payee created")).toBeInTheDocument();
    // Focus goes back to the button the dialog was opened from.
    await waitFor(() => expect(screen.getByRole("button", { name: "New payee" })).toHaveFocus());

    await user.click(within(row).getByRole("button", { name: "Record advance to Alva Berg" }));
    const advance = await screen.findByRole("dialog", { name: "Record an advance to Alva Berg" });
    await user.type(within(advance).getByLabelText("Amount (SEK)"), "12 500,50");
    await user.click(within(advance).getByRole("button", { name: "Record advance" }));
    expect(within(advance).getByLabelText("Paid on")).toHaveAttribute("aria-invalid", "true");
    await user.type(within(advance).getByLabelText("Paid on"), "2026-09-01");
    await user.click(within(advance).getByRole("button", { name: "Record advance" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls("POST", "royalty_advances")[0]?.body).toEqual({
      payee_id: PAYEE,
      paid_on: "2026-09-01",
      amount_ore: 1_250_050,
      note: null,
    });
    await waitFor(() =>
      expect(within(row).getByRole("button", { name: "Record advance to Alva Berg" })).toHaveFocus(),
    );
  });
});
