import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ClauseLibrary } from "@/features/legal/components/clause-library";
import { SAMPLE_CLAUSES } from "@/features/legal/data/sample-legal";
import { renderWithProviders } from "@/test/render";

describe("ClauseLibrary", () => {
  it("shows the spec's title, subtitle, search box and table columns", () => {
    renderWithProviders(<ClauseLibrary clauses={SAMPLE_CLAUSES} />);
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
    expect(screen.getByRole("link", { name: "New Clause" })).toHaveAttribute(
      "href",
      "/app/legal/clauses/new",
    );
    expect(screen.getByText("confidentiality_standard_v1")).toBeInTheDocument();
    expect(screen.getByText("work_for_hire_master_v1")).toBeInTheDocument();
  });

  it("shows the first 3 tags of a clause and a count of the rest", () => {
    renderWithProviders(<ClauseLibrary clauses={SAMPLE_CLAUSES} />);
    const row = screen.getByRole("row", { name: /Confidentiality \(standard\)/ });
    const tags = within(row).getByRole("list", { name: "tags" });
    expect(
      within(tags)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["nda", "confidentiality", "standard", "+11 more tags"]);
  });

  it("filters by title, slug or tag, ignoring case", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClauseLibrary clauses={SAMPLE_CLAUSES} />);
    const search = screen.getByRole("searchbox", { name: "Search clauses" });

    await user.type(search, "MASTER");
    expect(screen.getAllByRole("row")).toHaveLength(2);
    expect(screen.getByText("work_for_hire_master_v1")).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, "Mutual");
    expect(screen.getByText("confidentiality_standard_v1")).toBeInTheDocument();
    expect(screen.queryByText("work_for_hire_master_v1")).not.toBeInTheDocument();
  });

  it("says to adjust the search when nothing matches", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClauseLibrary clauses={SAMPLE_CLAUSES} />);
    await user.type(screen.getByRole("searchbox", { name: "Search clauses" }), "royalty");
    expect(screen.getByRole("heading", { name: "No clauses found" })).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your search terms")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Create Clause" })).not.toBeInTheDocument();
  });

  it("invites creating the first clause when the library is empty", () => {
    renderWithProviders(<ClauseLibrary clauses={[]} />);
    expect(screen.getByRole("heading", { name: "No clauses found" })).toBeInTheDocument();
    expect(screen.getByText("Create your first reusable clause to get started")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create Clause" })).toHaveAttribute(
      "href",
      "/app/legal/clauses/new",
    );
  });

  it("opens a row menu with Edit and Delete", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClauseLibrary clauses={SAMPLE_CLAUSES} />);
    await user.click(screen.getByRole("button", { name: "Actions for Work for hire (master)" }));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Edit", "Delete"]);
  });
});
