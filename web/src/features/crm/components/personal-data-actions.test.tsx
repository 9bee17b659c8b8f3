import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { TalentDetailPage } from "@/features/crm/routes/contact-detail-page";
import { rowsResponse, stubCrmApi } from "@/features/crm/test/crm-api";
import { makeContact } from "@/features/crm/test/crm-fixtures";
import { createAuthState, renderBackOffice, STAFF_USER } from "@/test/render-back-office";

const nova = makeContact({ email: "nova@example.se" });
const ADMIN = { ...STAFF_USER, app_metadata: { ...STAFF_USER.app_metadata, role: "admin" as const } };
const renderPage = (role: "staff" | "admin") =>
  renderBackOffice(
    <Routes>
      <Route path="crm/talent/:id" element={<TalentDetailPage />} />
    </Routes>,
    {
      route: `/app/crm/talent/${nova.id}`,
      auth: createAuthState({ user: role === "admin" ? ADMIN : STAFF_USER }),
    },
  );

describe("personal data on a contact's page", () => {
  it("is hidden from staff", async () => {
    stubCrmApi({ "GET crm_contacts": () => rowsResponse([nova]) });
    renderPage("staff");
    expect(await screen.findByRole("heading", { level: 1, name: "Nova Lind" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Export personal data" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Erase personal data" })).not.toBeInTheDocument();
  });

  it("erases only once an administrator types the person's address", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      "GET crm_contacts": () => rowsResponse([nova]),
      "POST /api/admin/personal-data/erase": () =>
        new Response(
          JSON.stringify({
            found: true,
            changed: { crm_contacts: 1 },
            kept_signed_documents: 0,
            removed_files: 0,
          }),
          { status: 200, headers: { "content-type": "application/json" } },
        ),
    });
    renderPage("admin");
    await user.click(await screen.findByRole("button", { name: "Erase personal data" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Erase the personal data of Nova Lind?" });
    const erase = within(dialog).getByRole("button", { name: "Erase personal data" });
    expect(erase).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Type nova@example.se to confirm"), "NOVA@example.se");
    expect(erase).toBeEnabled();
    await user.click(erase);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    const [call] = api.calls("POST", "/api/admin/personal-data/erase");
    expect(call?.body).toEqual({ email: "nova@example.se" });
  });
});
