import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "@/components/form/confirm-dialog";

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <ConfirmDialog
      title="Delete this event?"
      description="It cannot be brought back."
      confirmLabel="Delete event"
      cancelLabel="Keep event"
      isDestructive
      isPending={false}
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    />,
  );
  return { onConfirm, onClose, dialog: screen.getByRole("alertdialog", { name: "Delete this event?" }) };
}

describe("ConfirmDialog", () => {
  it("starts on the safe choice: Enter there cancels, Escape cancels", async () => {
    const user = userEvent.setup();
    const { onConfirm, onClose, dialog } = renderDialog();
    expect(dialog).toHaveAccessibleDescription("It cannot be brought back.");
    expect(screen.getByRole("button", { name: "Keep event" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onClose).toHaveBeenCalledOnce();
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("confirms from the keyboard: Tab to the confirm button, then Enter", async () => {
    const user = userEvent.setup();
    const { onConfirm, onClose } = renderDialog();
    await user.tab();
    expect(screen.getByRole("button", { name: "Delete event" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("starts on the control the confirmation depends on", () => {
    renderDialog({ children: <input aria-label="Reason" /> });
    expect(screen.getByRole("textbox", { name: "Reason" })).toHaveFocus();
  });

  it("holds the confirm button while the change runs and explains a refusal", () => {
    renderDialog({ isPending: true, error: { status: 409, body: { message: "The event is on sale" } } });
    const confirm = screen.getByRole("button", { name: "Delete event" });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("The event is on sale");
  });
});
