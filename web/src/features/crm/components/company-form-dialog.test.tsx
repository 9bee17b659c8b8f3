import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CompanyFormDialog } from "@/features/crm/components/company-form-dialog";
import { stubCrmApi, writeResponse } from "@/features/crm/test/crm-api";
import { makeCompany } from "@/features/crm/test/crm-fixtures";
import { renderBackOffice } from "@/test/render-back-office";

const WEB_ONLY = "must be a web address starting with https:// or http://";

function renderDialog() {
  renderBackOffice(<CompanyFormDialog open onOpenChange={() => {}} />, { route: "/app/crm/companies" });
  return screen.getByRole("dialog", { name: "New Company" });
}

describe("CompanyFormDialog's website", () => {
  it.each(["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "www.hornstull.example.se"])(
    "refuses %j next to the field, focused, and sends nothing",
    async (website) => {
      const user = userEvent.setup();
      const api = stubCrmApi();
      const dialog = renderDialog();
      await user.type(within(dialog).getByLabelText("Name"), "Hornstull Records");
      await user.type(within(dialog).getByLabelText(/^Website/), website);
      await user.click(within(dialog).getByRole("button", { name: "Create Company" }));
      const field = within(dialog).getByLabelText(/^Website/);
      expect(field).toHaveAccessibleDescription(WEB_ONLY);
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveFocus();
      expect(api.calls("POST", "crm_companies")).toHaveLength(0);
    },
  );

  it("sends an https address, trimmed", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      "POST crm_companies": (request) => writeResponse([makeCompany(request.body as object)], 201),
    });
    const dialog = renderDialog();
    await user.type(within(dialog).getByLabelText("Name"), "Hornstull Records");
    await user.type(within(dialog).getByLabelText(/^Website/), "  https://hornstull.example.se ");
    await user.click(within(dialog).getByRole("button", { name: "Create Company" }));
    expect(await screen.findByText("Company created")).toBeInTheDocument();
    expect(api.calls("POST", "crm_companies")[0]?.body).toMatchObject({
      website: "https://hornstull.example.se",
    });
  });
});
