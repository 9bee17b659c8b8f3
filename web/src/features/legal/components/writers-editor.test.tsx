import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DocumentForm } from "@/features/legal/components/document-form";
import { templateRow } from "@/features/legal/test/legal-fixtures";
import { emptyDocumentForm } from "@/features/legal/utils/document-form";
import { renderWithProviders } from "@/test/render";

const splitSheet = templateRow({ title: "Split Sheet", category: "Split Sheet", variables: [] });

describe("a split sheet's writers in the document form", () => {
  it("are added as rows, say what Send would refuse while typing, and are saved in the payload", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(
      <DocumentForm
        templates={[splitSheet]}
        initialValues={{ ...emptyDocumentForm(splitSheet.id), title: "Midsommarnatt" }}
        submitLabel="Create Document"
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    const writers = screen.getByRole("group", { name: "Writers" });
    expect(within(writers).getByText("A split sheet needs at least one writer.")).toBeInTheDocument();

    await user.click(within(writers).getByRole("button", { name: "Add writer" }));
    await user.type(within(writers).getByLabelText("Writer 1 legal name"), "Alva Nyström");
    await user.type(within(writers).getByLabelText("Writer 1 share (%)"), "60");
    await user.click(within(writers).getByRole("checkbox", { name: "Lyrics" }));
    await user.click(within(writers).getByRole("button", { name: "Add writer" }));
    await user.type(within(writers).getByLabelText("Writer 2 legal name"), "Omar Haddad");
    await user.type(within(writers).getByLabelText("Writer 2 share (%)"), "30");
    expect(within(writers).getByText("The shares add up to 90.00 %, not 100.00 %.")).toBeInTheDocument();
    await user.clear(within(writers).getByLabelText("Writer 2 share (%)"));
    await user.type(within(writers).getByLabelText("Writer 2 share (%)"), "40");
    expect(within(writers).getByText(/ready to send/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Create Document" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [saved] = onSubmit.mock.calls[0] as unknown as [{ payload: { writers: unknown[] } }];
    expect(saved.payload.writers).toEqual([
      expect.objectContaining({ legal_name: "Alva Nyström", share_percent: 60, contribution: ["lyrics"] }),
      expect.objectContaining({ legal_name: "Omar Haddad", share_percent: 40, contribution: [] }),
    ]);
  });
});
