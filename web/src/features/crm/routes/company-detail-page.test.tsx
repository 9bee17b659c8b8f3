import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { CompanyDetailPage } from "@/features/crm/routes/company-detail-page";
import { rowsResponse, stubCrmApi, writeResponse } from "@/features/crm/test/crm-api";
import { makeActivity, makeCompany, makeContact, makeDeal } from "@/features/crm/test/crm-fixtures";
import { renderBackOffice } from "@/test/render-back-office";

const company = makeCompany({ name: "Hornstull Records", website: "https://hornstull.example.se" });
const maja = makeContact({
  kind: "industry",
  first_name: "Maja",
  last_name: "Ekström",
  company_id: company.id,
});
const deal = makeDeal({ title: "Writing camp", stage: "won", value_sek: 85_000, company_id: company.id });

const renderPage = () =>
  renderBackOffice(
    <Routes>
      <Route path="crm/companies/:id" element={<CompanyDetailPage />} />
    </Routes>,
    { route: `/app/crm/companies/${company.id}` },
  );

describe("a company's page", () => {
  it("shows the company, its contacts, its deals and its timeline", async () => {
    const api = stubCrmApi({
      "GET crm_companies": () => rowsResponse([company]),
      "GET crm_contacts": () => rowsResponse([maja]),
      "GET crm_deals": () => rowsResponse([deal]),
      "GET crm_activity": () =>
        rowsResponse([makeActivity({ record_type: "crm_companies", record_id: company.id })]),
    });
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Hornstull Records" })).toBeInTheDocument();
    expect(screen.getByText("Label")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Maja Ekström" })).toHaveAttribute(
      "href",
      `/app/crm/contacts/${maja.id}`,
    );
    const deals = screen.getByRole("heading", { name: "Deals" }).closest("div")?.parentElement as HTMLElement;
    expect(await within(deals).findByRole("button", { name: "Writing camp" })).toBeInTheDocument();
    expect(deals).toHaveTextContent(/Won\s*SEK\s85,000/);
    expect(await screen.findByText("Created")).toBeInTheDocument();
    expect(api.calls("GET", "crm_contacts")[0]?.params.get("company_id")).toBe(`eq.${company.id}`);
    expect(api.calls("GET", "crm_deals")[0]?.params.get("company_id")).toBe(`eq.${company.id}`);
  });

  it("adds a contact who works there", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      "GET crm_companies": () => rowsResponse([company]),
      "POST crm_contacts": (request) => writeResponse([makeContact(request.body as object)], 201),
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "New Contact" }));
    const dialog = await screen.findByRole("dialog", { name: "New Contact" });
    expect(within(dialog).queryByLabelText(/^Stage name/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("First name"), "Johan");
    await user.type(within(dialog).getByLabelText("Last name"), "Lindqvist");
    await user.click(within(dialog).getByRole("button", { name: "New Contact" }));
    expect(await screen.findByText("Contact added")).toBeInTheDocument();
    expect(api.calls("POST", "crm_contacts")[0]?.body).toMatchObject({
      first_name: "Johan",
      kind: "industry",
      company_id: company.id,
    });
  });

  it("shows a website stored before the http(s) rule as text, never as a link", async () => {
    const stored = makeCompany({ id: company.id, name: "Hornstull Records", website: "javascript:alert(1)" });
    stubCrmApi({ "GET crm_companies": () => rowsResponse([stored]) });
    renderPage();
    expect(await screen.findByText("javascript:alert(1)")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "javascript:alert(1)" })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it("links an https website", async () => {
    stubCrmApi({ "GET crm_companies": () => rowsResponse([company]) });
    renderPage();
    expect(await screen.findByRole("link", { name: "https://hornstull.example.se" })).toHaveAttribute(
      "href",
      "https://hornstull.example.se",
    );
  });
});
