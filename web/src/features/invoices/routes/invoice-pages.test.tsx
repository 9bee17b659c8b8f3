import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { InvoicePage } from "@/features/invoices/routes/invoice-page";
import { InvoicesPage } from "@/features/invoices/routes/invoices-page";
import { UninvoicedPage } from "@/features/invoices/routes/uninvoiced-page";
import { jsonResponse } from "@/test/fetch-stub";
import { renderBackOffice } from "@/test/render-back-office";
import { stubSavedFiles } from "@/test/saved-files";
import { postgrestError, rowsResponse, stubTableApi, writeResponse } from "@/test/table-api";

const ID = "44444444-4444-4444-8444-444444444444";
const STAMP = "2026-11-20T10:00:00.000Z";

function invoice(overrides: Record<string, unknown> = {}) {
  return {
    id: ID,
    series: "A",
    number: null,
    ocr: null,
    status: "draft",
    kind: "invoice",
    credits_invoice_id: null,
    project_id: null,
    buyer_name: "Söder Songs AB",
    buyer_street_address: "Hornsgatan 1",
    buyer_postal_code: "118 20",
    buyer_city: "Stockholm",
    buyer_country: "SE",
    buyer_vat_number: null,
    buyer_email: null,
    buyer_is_business: true,
    reverse_charge: false,
    round_to_kronor: false,
    issue_date: null,
    delivery_date: null,
    due_date: null,
    your_reference: null,
    notes: null,
    net_ore: 0,
    vat_ore: 0,
    rounding_ore: 0,
    total_ore: 0,
    paid_ore: 0,
    vat_breakdown: [],
    seller: null,
    issued_at: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

function renderInvoice() {
  return renderBackOffice(
    <Routes>
      <Route path="invoices/:id" element={<InvoicePage />} />
    </Routes>,
    { route: `/app/invoices/${ID}` },
  );
}

describe("the invoices list", () => {
  it("shows number or Draft, buyer, total in kronor and the derived status, and filters on the server", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({
      "GET invoices": () =>
        rowsResponse([
          invoice({
            id: "55555555-5555-4555-8555-555555555555",
            number: 7,
            status: "overdue",
            issue_date: "2026-10-01",
            due_date: "2026-10-31",
            total_ore: 1_250_050,
          }),
          invoice({ buyer_name: "Nova Lind" }),
        ]),
    });
    renderBackOffice(<InvoicesPage />, { route: "/app/invoices" });
    const issued = (await screen.findByRole("link", { name: "A7" })).closest("tr") as HTMLElement;
    expect(issued).toHaveTextContent("Söder Songs AB");
    expect(issued).toHaveTextContent("12 500,50 kr");
    expect(issued).toHaveTextContent("Overdue");
    expect(issued).toHaveTextContent("2026-10-31");
    const draft = screen.getByRole("link", { name: "Draft" }).closest("tr") as HTMLElement;
    expect(draft).toHaveTextContent("Nova Lind");
    expect(screen.getByRole("link", { name: "Draft" })).toHaveAttribute("href", `/app/invoices/${ID}`);

    const reads = () => api.calls("GET", "invoices").map((r) => r.params);
    await user.selectOptions(screen.getByLabelText("Status"), "paid");
    await waitFor(() => expect(reads().at(-1)?.get("status")).toBe("eq.paid"));
    await user.type(screen.getByLabelText("Buyer"), "söder");
    await waitFor(() => expect(reads().at(-1)?.get("and")).toBe('(or(buyer_name.ilike."*söder*"))'));
  });

  it("says so when there are no invoices and offers a new one", async () => {
    stubTableApi();
    renderBackOffice(<InvoicesPage />, { route: "/app/invoices" });
    expect(await screen.findByRole("heading", { name: "No invoices yet" })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "New invoice" })).toHaveLength(2);
  });

  it("downloads a period's SIE file with the staff token, and refuses a period that ends before it starts", async () => {
    const user = userEvent.setup();
    const saved = stubSavedFiles("blob:sie");
    const api = stubTableApi({
      "GET /api/invoices/sie": () =>
        new Response("#FLAGGA 0\r\n#SIETYP 4\r\n", {
          headers: { "content-type": "text/plain; charset=cp437" },
        }),
    });
    renderBackOffice(<InvoicesPage />, { route: "/app/invoices" });
    const form = await screen.findByRole("form", { name: "Export to the accountant (SIE 4)" });
    const from = within(form).getByLabelText("From");
    const to = within(form).getByLabelText("To");
    await user.clear(from);
    await user.type(from, "2026-11-30");
    await user.clear(to);
    await user.type(to, "2026-11-01");
    await user.click(within(form).getByRole("button", { name: "Download SIE" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("the first not after the last");
    expect(api.calls("GET", "/api/invoices/sie")).toHaveLength(0);

    await user.clear(from);
    await user.type(from, "2026-10-01");
    await user.click(within(form).getByRole("button", { name: "Download SIE" }));
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    const [request] = api.calls("GET", "/api/invoices/sie");
    expect(request?.url).toContain("from=2026-10-01&to=2026-11-01");
    expect(request?.headers.get("authorization")).toMatch(/^Bearer \S+/);
  });
});

describe("the report of work approved but not invoiced", () => {
  const PROJECT = "66666666-6666-4666-8666-666666666666";
  const work = (overrides: Record<string, unknown>) => ({
    project_id: PROJECT,
    project_code: "P-2026-001",
    project_title: "Autumn EP",
    kind: "milestone",
    id: "m1",
    title: "Mix approved",
    amount_ore: 1_500_000,
    done_at: "2026-11-02T23:30:00.000Z",
    ...overrides,
  });
  const renderReport = () =>
    renderBackOffice(
      <Routes>
        <Route path="invoices/uninvoiced" element={<UninvoicedPage />} />
        <Route path="invoices/:id" element={<h1>Draft page</h1>} />
      </Routes>,
      { route: "/app/invoices/uninvoiced" },
    );

  it("groups the work per project with its kind, day, amount and total, and invoices a project", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({
      "POST rpc/approved_not_invoiced": () =>
        jsonResponse([
          work({}),
          work({ kind: "deliverable", id: "d1", title: "Master WAV", amount_ore: null, done_at: null }),
          work({ id: "m2", title: "Recording done", amount_ore: 250_050 }),
          work({
            project_id: "77777777-7777-4777-8777-777777777777",
            project_code: "P-2026-002",
            project_title: "Live session",
            id: "m3",
            title: "Session held",
            amount_ore: 800_000,
          }),
        ]),
      "POST rpc/invoice_from_project": () => jsonResponse({ id: ID, status: "draft" }),
    });
    renderReport();
    const ep = await screen.findByRole("table", { name: "Not invoiced: P-2026-001 Autumn EP" });
    expect(screen.getByRole("link", { name: "P-2026-001 · Autumn EP" })).toHaveAttribute(
      "href",
      `/app/projects/${PROJECT}`,
    );
    const rows = within(ep).getAllByRole("row");
    // The mix was approved just after midnight in Stockholm: its day is the 3rd there.
    expect(rows[1]).toHaveTextContent(/Mix approved.*Milestone.*3 Nov 2026.*15 000,00 kr/);
    expect(rows[2]).toHaveTextContent(/Master WAV.*Deliverable.*not priced/);
    expect(rows.at(-1)).toHaveTextContent(/Total.*17 500,50 kr.*\+ 1 not priced/);
    const live = screen.getByRole("table", { name: "Not invoiced: P-2026-002 Live session" });
    expect(within(live).getAllByRole("row").at(-1)).toHaveTextContent(/Total.*8 000,00 kr/);

    await user.click(screen.getByRole("button", { name: "Create invoice for P-2026-001 Autumn EP" }));
    expect(await screen.findByRole("heading", { name: "Draft page" })).toBeInTheDocument();
    expect(api.calls("POST", "rpc/invoice_from_project")[0]?.body).toEqual({ project_id: PROJECT });
    expect(api.calls("POST", "rpc/approved_not_invoiced")[0]?.body).toEqual({});
  });

  it("says so when nothing is waiting", async () => {
    stubTableApi({ "POST rpc/approved_not_invoiced": () => jsonResponse([]) });
    renderReport();
    expect(
      await screen.findByRole("heading", { name: "Nothing waiting to be invoiced" }),
    ).toBeInTheDocument();
  });

  it("offers to try again when the report cannot be read", async () => {
    const user = userEvent.setup();
    let fail = true;
    stubTableApi({
      "POST rpc/approved_not_invoiced": () =>
        fail ? postgrestError(500, "XX000", "database unavailable") : jsonResponse([work({})]),
    });
    renderReport();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to load the work waiting to be invoiced.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "P-2026-001 · Autumn EP" })).toBeInTheDocument();
  });
});

describe("an invoice", () => {
  it("totals a draft's lines per VAT rate while they are typed, exactly in öre", async () => {
    const user = userEvent.setup();
    stubTableApi({ "GET invoices": () => rowsResponse([invoice()]) });
    renderInvoice();
    await screen.findByRole("form", { name: "Draft invoice" });
    await user.click(screen.getByRole("button", { name: "Add line" }));
    await user.type(screen.getByLabelText("Line 1 description"), "Mixing");
    await user.clear(screen.getByLabelText("Line 1 quantity"));
    await user.type(screen.getByLabelText("Line 1 quantity"), "1,5");
    await user.type(screen.getByLabelText("Line 1 unit price (kr)"), "1000,10");
    await user.click(screen.getByRole("button", { name: "Add line" }));
    await user.type(screen.getByLabelText("Line 2 description"), "Sheet music");
    await user.type(screen.getByLabelText("Line 2 unit price (kr)"), "0,10");
    await user.selectOptions(screen.getByLabelText("Line 2 VAT"), "6");
    const totals = screen.getByLabelText("Totals");
    // 1,5 × 1000,10 = 1500,15; 25 % of it is 375,0375 → 375,04; 6 % of 0,10 is 0,006 → 0,01.
    expect(totals).toHaveTextContent("VAT 25 % on 1 500,15 kr375,04 kr");
    expect(totals).toHaveTextContent("VAT 6 % on 0,10 kr0,01 kr");
    expect(totals).toHaveTextContent("Total1 875,30 kr");
    expect(screen.getByRole("button", { name: "Issue invoice" })).toBeDisabled();
  });

  it("refuses a quantity it cannot read exactly, next to the field, and saves nothing", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({ "GET invoices": () => rowsResponse([invoice()]) });
    renderInvoice();
    await screen.findByRole("form", { name: "Draft invoice" });
    await user.click(screen.getByRole("button", { name: "Add line" }));
    await user.type(screen.getByLabelText("Line 1 description"), "Mixing");
    await user.clear(screen.getByLabelText("Line 1 quantity"));
    await user.type(screen.getByLabelText("Line 1 quantity"), "1,0005");
    await user.type(screen.getByLabelText("Line 1 unit price (kr)"), "100");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText(/A quantity is a number with at most three decimals/)).toBeInTheDocument();
    expect(screen.getByLabelText("Line 1 quantity")).toHaveAttribute("aria-invalid", "true");
    expect(api.calls("POST", "rpc/save_invoice_draft")).toHaveLength(0);
  });

  it("saves a draft and its lines in one request, in integer öre and thousandths, versioned", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({
      "GET invoices": () => rowsResponse([invoice()]),
      "POST rpc/save_invoice_draft": () => jsonResponse(invoice()),
    });
    renderInvoice();
    await screen.findByRole("form", { name: "Draft invoice" });
    await user.click(screen.getByRole("button", { name: "Add line" }));
    await user.type(screen.getByLabelText("Line 1 description"), "Mixing");
    await user.clear(screen.getByLabelText("Line 1 quantity"));
    await user.type(screen.getByLabelText("Line 1 quantity"), "2,25");
    await user.type(screen.getByLabelText("Line 1 unit price (kr)"), "1 234,56");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(api.calls("POST", "rpc/save_invoice_draft")).toHaveLength(1));
    expect(api.calls("POST", "rpc/save_invoice_draft")[0]?.body).toMatchObject({
      invoice_id: ID,
      version: STAMP,
      changes: { buyer_name: "Söder Songs AB" },
      lines: [{ description: "Mixing", quantity_milli: 2250, unit_price_ore: 123456, vat_rate: 25 }],
    });
    for (const table of ["invoices", "invoice_lines"])
      for (const method of ["POST", "PATCH", "DELETE"]) expect(api.calls(method, table)).toHaveLength(0);
  });

  it("offers to reload when the draft changed since it was read, instead of overwriting it", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({
      "GET invoices": () => rowsResponse([invoice()]),
      "POST rpc/save_invoice_draft": () =>
        postgrestError(409, "40001", "The draft changed since it was read"),
    });
    renderInvoice();
    await screen.findByRole("form", { name: "Draft invoice" });
    await user.clear(screen.getByLabelText(/Buyer name/));
    await user.type(screen.getByLabelText(/Buyer name/), "Ny Kund AB");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText(/Someone else changed this record/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(api.calls("POST", "rpc/save_invoice_draft")).toHaveLength(1);
  });

  it("lists what issuing found missing above the form", async () => {
    const user = userEvent.setup();
    stubTableApi({
      "GET invoices": () => rowsResponse([invoice()]),
      "POST rpc/issue_invoice": () =>
        new Response(
          JSON.stringify({
            code: "23514",
            message: "The invoice lacks what it must state",
            details: "Missing: at least one line; the seller's Bankgiro",
            hint: null,
          }),
          { status: 422, headers: { "content-type": "application/json" } },
        ),
    });
    renderInvoice();
    await user.click(await screen.findByRole("button", { name: "Issue invoice" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Issue this invoice?" });
    await user.click(within(dialog).getByRole("button", { name: "Issue invoice" }));
    const missing = await screen.findByRole("list", { name: "Missing before issuing" });
    expect(
      within(missing)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["at least one line", "the seller's Bankgiro"]);
    expect(screen.getByRole("alert")).toHaveTextContent("The invoice lacks what it must state");
  });

  it("shows an issued invoice read-only with its number, OCR, payments and balance", async () => {
    const saved = stubSavedFiles("blob:invoice-pdf");
    const api = stubTableApi({
      [`GET /api/invoices/${ID}/pdf`]: () =>
        new Response("%PDF-1.7", {
          headers: {
            "content-type": "application/pdf",
            "content-disposition": 'attachment; filename="faktura-A12.pdf"',
          },
        }),
      "GET invoices": () =>
        rowsResponse([
          invoice({
            number: 12,
            ocr: "1000012",
            status: "partially_paid",
            issue_date: "2026-11-20",
            due_date: "2026-12-20",
            net_ore: 100000,
            vat_ore: 25000,
            total_ore: 125000,
            paid_ore: 50000,
            vat_breakdown: [{ vat_rate: 25, taxable_ore: 100000, vat_ore: 25000 }],
          }),
        ]),
      "GET invoice_payments": () =>
        rowsResponse([
          {
            id: "p1",
            invoice_id: ID,
            amount_ore: 50000,
            paid_on: "2026-11-22",
            reference: null,
            created_at: STAMP,
          },
        ]),
    });
    renderInvoice();
    expect(await screen.findByRole("heading", { level: 1, name: "A12: Söder Songs AB" })).toBeInTheDocument();
    expect(screen.getByText("1000012")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Draft invoice" })).not.toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Payments received" })).toHaveTextContent(
      "2026-11-22: 500,00 kr",
    );
    expect(screen.getByText(/Balance: 750,00/)).toBeInTheDocument();
    // The PDF is staff-only: fetched with the token, then saved, never a bare link the browser follows.
    await userEvent.setup().click(screen.getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    expect(saved.mock.calls[0]?.[0].type).toBe("application/pdf");
    const [download] = api.calls("GET", `/api/invoices/${ID}/pdf`);
    expect(download?.headers.get("authorization")).toMatch(/^Bearer \S+/);
    expect(screen.getByRole("form", { name: "Record payment" })).toBeInTheDocument();
  });

  it("records a payment typed in kronor as exact öre, and refuses one it cannot read", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({
      "GET invoices": () =>
        rowsResponse([invoice({ number: 3, status: "issued", total_ore: 125000, issue_date: "2026-11-20" })]),
      "POST rpc/record_invoice_payment": () => jsonResponse(invoice({ number: 3, status: "partially_paid" })),
    });
    renderInvoice();
    const form = await screen.findByRole("form", { name: "Record payment" });
    await user.type(within(form).getByLabelText("Amount (kr)"), "12,345");
    await user.click(within(form).getByRole("button", { name: "Record payment" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Enter the amount in kronor");
    await user.clear(within(form).getByLabelText("Amount (kr)"));
    await user.type(within(form).getByLabelText("Amount (kr)"), "1250,01");
    await user.click(within(form).getByRole("button", { name: "Record payment" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("more than the 1 250,00 kr still owed");
    await user.clear(within(form).getByLabelText("Amount (kr)"));
    await user.type(within(form).getByLabelText("Amount (kr)"), "0,29");
    await user.click(within(form).getByRole("button", { name: "Record payment" }));
    await waitFor(() => expect(api.calls("POST", "rpc/record_invoice_payment")).toHaveLength(1));
    expect(api.calls("POST", "rpc/record_invoice_payment")[0]?.body).toMatchObject({
      invoice_id: ID,
      amount_ore: 29,
    });
  });

  it("credits an issued invoice after asking, and opens the credit invoice", async () => {
    const user = userEvent.setup();
    const CREDIT = "66666666-6666-4666-8666-666666666666";
    const api = stubTableApi({
      "GET invoices": (request) =>
        rowsResponse([
          request.params.get("id") === `eq.${CREDIT}`
            ? invoice({ id: CREDIT, number: 4, kind: "credit", status: "issued", total_ore: -125000 })
            : invoice({ number: 3, status: "issued", total_ore: 125000 }),
        ]),
      "POST rpc/credit_invoice": () => jsonResponse(invoice({ id: CREDIT, number: 4, kind: "credit" })),
    });
    renderInvoice();
    await user.click(await screen.findByRole("button", { name: "Credit invoice" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Credit this invoice?" });
    await user.click(within(dialog).getByRole("button", { name: "Issue credit invoice" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Credit A4: Söder Songs AB" }),
    ).toBeInTheDocument();
    expect(api.calls("POST", "rpc/credit_invoice")[0]?.body).toEqual({ invoice_id: ID });
    // A credit invoice is paid by no one and credited no further.
    expect(screen.queryByRole("form", { name: "Record payment" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Credit invoice" })).not.toBeInTheDocument();
  });

  it("mails an issued invoice to the buyer's address, and an overdue one a reminder with the compensation", async () => {
    const user = userEvent.setup();
    const sent = { invoice_id: ID, email: "ekonomi@soder.example.se", sent_at: STAMP };
    const api = stubTableApi({
      "GET invoices": () =>
        rowsResponse([
          invoice({
            number: 3,
            status: "overdue",
            total_ore: 125000,
            buyer_email: "ekonomi@soder.example.se",
            due_date: "2026-10-01",
          }),
        ]),
      "POST rpc/send_invoice": () => jsonResponse(sent),
      "POST rpc/send_invoice_reminder": () => jsonResponse(sent),
    });
    renderInvoice();
    const form = await screen.findByRole("form", { name: "Mail the invoice" });
    expect(within(form).getByLabelText("Buyer's e-mail")).toHaveValue("ekonomi@soder.example.se");
    await user.click(within(form).getByRole("button", { name: "Send invoice" }));
    await waitFor(() => expect(api.calls("POST", "rpc/send_invoice")).toHaveLength(1));
    expect(api.calls("POST", "rpc/send_invoice")[0]?.body).toEqual({
      invoice_id: ID,
      email: "ekonomi@soder.example.se",
    });

    await user.click(within(form).getByLabelText("Add the 450 kr late-payment compensation"));
    await user.click(within(form).getByRole("button", { name: "Send reminder" }));
    await waitFor(() => expect(api.calls("POST", "rpc/send_invoice_reminder")).toHaveLength(1));
    expect(api.calls("POST", "rpc/send_invoice_reminder")[0]?.body).toEqual({
      invoice_id: ID,
      email: "ekonomi@soder.example.se",
      include_compensation: true,
    });

    await user.clear(within(form).getByLabelText("Buyer's e-mail"));
    await user.click(within(form).getByRole("button", { name: "Send invoice" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Enter the buyer's e-mail address");
    expect(api.calls("POST", "rpc/send_invoice")).toHaveLength(1);
  });
});
