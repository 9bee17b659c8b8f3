import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EditPortfolioItemDialog } from "@/features/portfolio/components/edit-portfolio-item-dialog";
import { type PortfolioItem, SAMPLE_PORTFOLIO_WORKS } from "@/features/portfolio/data/sample-portfolio";
import { renderWithProviders } from "@/test/render";

const item: PortfolioItem = { ...(SAMPLE_PORTFOLIO_WORKS[1] as PortfolioItem), tags: ["acoustic"] };

function renderDialog() {
  const onSave = vi.fn();
  const onOpenChange = vi.fn();
  renderWithProviders(
    <EditPortfolioItemDialog item={item} open onOpenChange={onOpenChange} onSave={onSave} />,
  );
  const dialog = screen.getByRole("dialog", { name: "Edit portfolio item" });
  const tagList = () => within(dialog).queryByRole("list", { name: "Current tags" });
  const tags = () =>
    within(tagList() ?? document.createElement("ul"))
      .queryAllByRole("listitem")
      .map((li) => li.textContent);
  return { dialog, onSave, onOpenChange, tags };
}

describe("EditPortfolioItemDialog", () => {
  it("edits title, role and description and saves with Save Changes", async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = renderDialog();
    const title = within(dialog).getByLabelText("Title");
    await user.clear(title);
    await user.type(title, "Midsummer EP (Deluxe)");
    await user.clear(within(dialog).getByLabelText("Role"));
    await user.type(within(dialog).getByLabelText("Role"), "Producer");
    await user.clear(within(dialog).getByLabelText("Description"));
    await user.type(within(dialog).getByLabelText("Description"), "Six songs.");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(onSave).toHaveBeenCalledWith({
      ...item,
      title: "Midsummer EP (Deluxe)",
      role: "Producer",
      description: "Six songs.",
    });
  });

  it("adds tags with Enter and with the plus button, trimmed, without submitting", async () => {
    const user = userEvent.setup();
    const { dialog, onSave, tags } = renderDialog();
    const input = within(dialog).getByLabelText("Tags");
    await user.type(input, "  live  {Enter}");
    expect(onSave).not.toHaveBeenCalled();
    expect(input).toHaveValue("");
    await user.type(input, "tape");
    await user.click(within(dialog).getByRole("button", { name: "Add tag" }));
    expect(tags()).toEqual(["acoustic", "live", "tape"]);
  });

  it("ignores an empty tag and one already present", async () => {
    const user = userEvent.setup();
    const { dialog, tags } = renderDialog();
    const input = within(dialog).getByLabelText("Tags");
    await user.type(input, "   {Enter}");
    await user.click(within(dialog).getByRole("button", { name: "Add tag" }));
    await user.type(input, " acoustic {Enter}");
    expect(tags()).toEqual(["acoustic"]);
  });

  it("removes a tag and saves the new list", async () => {
    const user = userEvent.setup();
    const { dialog, onSave, tags } = renderDialog();
    await user.click(within(dialog).getByRole("button", { name: "Remove tag acoustic" }));
    expect(tags()).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ tags: [] }));
  });

  it("closes without saving on Cancel", async () => {
    const user = userEvent.setup();
    const { dialog, onSave, onOpenChange } = renderDialog();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onSave).not.toHaveBeenCalled();
  });
});
