import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CompaniesPage } from "@/features/crm/routes/companies-page";
import { rowsResponse, stubCrmApi, writeResponse } from "@/features/crm/test/crm-api";
import { makeCompany } from "@/features/crm/test/crm-fixtures";
import { renderBackOffice } from "@/test/render-back-office";

describe("CompaniesPage", () => {
  it("shows 'No Companies Found' with Add Company, and New Company in the header", async () => {
    stubCrmApi();
    renderBackOffice(<CompaniesPage />, { route: "/app/crm/companies" });
    expect(await screen.findByRole("heading", { name: "No Companies Found" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Company" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New Company" })).toBeInTheDocument();
  });

  it("lists active companies by name with a link to each company's page", async () => {
    const hornstull = makeCompany({ name: "Hornstull Records" });
    const api = stubCrmApi({ "GET crm_companies": () => rowsResponse([hornstull], { total: 1 }) });
    renderBackOffice(<CompaniesPage />, { route: "/app/crm/companies" });
    const row = await screen.findByRole("row", { name: /Hornstull Records/ });
    expect(within(row).getByRole("link", { name: "Hornstull Records" })).toHaveAttribute(
      "href",
      `/app/crm/companies/${hornstull.id}`,
    );
    expect(within(row).getByText("Label")).toBeInTheDocument();
    expect(within(row).getByText("556016-0680")).toBeInTheDocument();
    expect(screen.getByText("Showing 1–1 of 1")).toBeInTheDocument();
    const read = api.calls("GET", "crm_companies").find((request) => request.params.get("offset") === "0");
    expect(read?.params.get("archived_at")).toBe("is.null");
    expect(read?.params.get("order")).toBe("name.asc");
  });

  it("checks the organisation number's check digit before creating a company", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      "POST crm_companies": (request) => writeResponse([makeCompany(request.body as object)], 201),
    });
    renderBackOffice(<CompaniesPage />, { route: "/app/crm/companies" });
    await user.click(await screen.findByRole("button", { name: "Add Company" }));
    const dialog = await screen.findByRole("dialog", { name: "New Company" });
    await user.type(within(dialog).getByLabelText("Name"), "Fasching");
    await user.selectOptions(within(dialog).getByLabelText("Kind"), "Venue");
    await user.type(within(dialog).getByLabelText(/^Organisation number/), "556016-0681");
    await user.click(within(dialog).getByRole("button", { name: "Create Company" }));
    expect(
      within(dialog).getByText("This organisation number's check digit does not match"),
    ).toBeInTheDocument();
    expect(api.calls("POST", "crm_companies")).toHaveLength(0);

    const orgNumber = within(dialog).getByLabelText(/^Organisation number/);
    await user.clear(orgNumber);
    await user.type(orgNumber, "556016-0680");
    await user.click(within(dialog).getByRole("button", { name: "Create Company" }));
    expect(await screen.findByText("Company created")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls("POST", "crm_companies")[0]?.body).toEqual({
      name: "Fasching",
      kind: "venue",
      org_number: "556016-0680",
      website: null,
      city: null,
      notes: null,
    });
  });
});
