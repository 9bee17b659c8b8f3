import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LegalClausesPage } from "@/features/legal/routes/legal-clauses-page";
import { CLAUSES, clauseRow } from "@/features/legal/test/legal-fixtures";
import { renderBackOffice } from "@/test/render-back-office";
import { postgrestError, rowsResponse, stubTableApi, writeResponse } from "@/test/table-api";

const MANY_TAGS = clauseRow({ tags: ["nda", "confidentiality", "standard", "mutual", "short"] });

describe("the clause library", () => {
  it("shows the title, subtitle, search box and table columns of the library", async () => {
    stubTableApi({ "GET legal_clauses": () => rowsResponse(CLAUSES) });
    renderBackOffice(<LegalClausesPage />, { route: "/app/legal/clauses" });
    expect(await screen.findByText("work_for_hire_master_v1")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Legal Clauses" })).toBeInTheDocument();
    expect(screen.getByText("Manage reusable clause library for templates")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Search clauses...")).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Title",
      "Slug",
      "Tags",
      "Updated",
      "Actions",
    ]);
    expect(screen.getByRole("button", { name: "New Clause" })).toBeInTheDocument();
  });

  it("shows the first 3 tags of a clause and a count of the rest", async () => {
    stubTableApi({ "GET legal_clauses": () => rowsResponse([MANY_TAGS]) });
    renderBackOffice(<LegalClausesPage />, { route: "/app/legal/clauses" });
    const row = await screen.findByRole("row", { name: /Confidentiality \(standard\)/ });
    const tags = within(row).getByRole("list", { name: "tags" });
    expect(
      within(tags)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
      // "+2" on screen, "2 more tags" for screen readers.
    ).toEqual(["nda", "confidentiality", "standard", "+22 more tags"]);
  });

  it("asks the server for title, slug or tag in any case, and says to adjust the search when nothing matches", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({
      "GET legal_clauses": (request) => rowsResponse(request.params.get("search_text") ? [] : CLAUSES),
    });
    renderBackOffice(<LegalClausesPage />, { route: "/app/legal/clauses" });
    await screen.findByText("work_for_hire_master_v1");
    await user.type(screen.getByRole("searchbox", { name: "Search clauses" }), "Royalty");
    expect(await screen.findByRole("heading", { name: "No clauses found" })).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your search terms")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create Clause" })).not.toBeInTheDocument();
    const searched = api.calls("GET", "legal_clauses").map((request) => request.params.get("search_text"));
    expect(searched).toContain("ilike.*royalty*");
  });

  it("invites creating the first clause when the library is empty", async () => {
    stubTableApi();
    renderBackOffice(<LegalClausesPage />, { route: "/app/legal/clauses" });
    expect(await screen.findByRole("heading", { name: "No clauses found" })).toBeInTheDocument();
    expect(screen.getByText("Create your first reusable clause to get started")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create Clause" })).toBeInTheDocument();
  });

  it("creates a clause and shows the server's refusal next to the slug", async () => {
    const user = userEvent.setup();
    let posts = 0;
    const api = stubTableApi({
      "POST legal_clauses": (request) => {
        posts += 1;
        return posts === 1
          ? postgrestError(
              409,
              "23505",
              "duplicate key value violates unique constraint, Key (slug)=(x) exists",
            )
          : writeResponse([clauseRow(request.body as object)], 201);
      },
    });
    renderBackOffice(<LegalClausesPage isCreating />, { route: "/app/legal/clauses/new" });
    const dialog = await screen.findByRole("dialog", { name: "New Clause" });
    await user.type(within(dialog).getByLabelText("Title"), "Payment terms");
    await user.type(within(dialog).getByLabelText("Slug"), "payment_terms_sek_v1");
    await user.type(within(dialog).getByLabelText("Text (markdown)"), "Invoices are paid in 30 days.");
    await user.click(within(dialog).getByRole("button", { name: "Create Clause" }));
    expect(await within(dialog).findByText("This value is already taken")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Create Clause" }));
    await waitFor(() => expect(api.calls("POST", "legal_clauses")).toHaveLength(2));
    expect(api.calls("POST", "legal_clauses")[1]?.body).toMatchObject({
      title: "Payment terms",
      slug: "payment_terms_sek_v1",
      body_md: "Invoices are paid in 30 days.",
      tags: [],
    });
  });

  it("deletes a clause only as it was read, and shows why one in use is kept", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({
      "GET legal_clauses": () => rowsResponse(CLAUSES),
      "DELETE legal_clauses": () =>
        postgrestError(409, "23503", "This clause is included by a template, so it cannot be deleted"),
    });
    renderBackOffice(<LegalClausesPage />, { route: "/app/legal/clauses" });
    await user.click(await screen.findByRole("button", { name: "Actions for Work for hire (master)" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this clause?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete clause" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("included by a template");
    const [call] = api.calls("DELETE", "legal_clauses");
    expect(call?.params.get("updated_at")).toBe(`eq.${CLAUSES[1]?.updated_at}`);
  });
});
