import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ContactsPage } from "@/features/crm/routes/contacts-page";
import { rowsResponse, stubCrmApi } from "@/features/crm/test/crm-api";
import { makeCompany, makeContact, withCompany } from "@/features/crm/test/crm-fixtures";
import { renderBackOffice } from "@/test/render-back-office";

describe("ContactsPage", () => {
  it("lists industry contacts with their company, e-mail and phone", async () => {
    const fasching = makeCompany({ name: "Fasching", kind: "venue" });
    const sara = makeContact({
      kind: "industry",
      first_name: "Sara",
      last_name: "Öberg",
      stage_name: null,
      company_id: fasching.id,
      phone: "+46 70 123 45 03",
    });
    // The list reads each contact's company name along with it.
    const listRead = (request: { params: URLSearchParams }) =>
      request.params.get("select") === "*,company:crm_companies(name)";
    const api = stubCrmApi({
      "GET crm_contacts": (request) =>
        listRead(request) ? rowsResponse([withCompany(sara, [fasching])], { total: 1 }) : rowsResponse([]),
    });
    renderBackOffice(<ContactsPage />, { route: "/app/crm/contacts" });
    const row = await screen.findByRole("row", { name: /Sara Öberg/ });
    expect(within(row).getByRole("link", { name: "Sara Öberg" })).toHaveAttribute(
      "href",
      `/app/crm/contacts/${sara.id}`,
    );
    expect(await within(row).findByText("Fasching")).toBeInTheDocument();
    expect(within(row).getByText("+46 70 123 45 03")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Contacts" })).toBeInTheDocument();
    const read = api.calls("GET", "crm_contacts").find(listRead);
    expect(read?.params.get("kind")).toBe("eq.industry");
  });

  it("shows 'No Contacts Found' with New Contact when there is none", async () => {
    stubCrmApi();
    renderBackOffice(<ContactsPage />, { route: "/app/crm/contacts" });
    expect(await screen.findByRole("heading", { name: "No Contacts Found" })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "New Contact" })).toHaveLength(2);
  });
});
