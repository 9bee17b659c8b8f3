import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ControlledField } from "@/components/form/controlled-field";
import { RecordForm } from "@/components/form/record-form";
import { RowListEditor } from "@/components/form/row-list-editor";
import { useRecordForm } from "@/components/form/use-record-form";
import { Input } from "@/components/ui/input";

type Values = { links: { platform: string; url: string }[] };
const schema = z.object({
  links: z
    .array(
      z.object({
        platform: z.string().min(1, "Name the platform"),
        url: z.string().url("Not a web address"),
      }),
    )
    .max(3, "At most three links"),
});

function LinksForm({ submit, initial }: { submit(payload: unknown): Promise<unknown>; initial: Values }) {
  const form = useRecordForm({
    defaultValues: initial,
    toPayload: (values: Values) => values,
    schema,
    submit,
  });
  return (
    <RecordForm form={form} submitLabel="Save" onSaved={vi.fn()} onCancel={vi.fn()}>
      <RowListEditor<Values, "links">
        name="links"
        legend="External links"
        rowLabel={(index) => `link ${index + 1}`}
        addLabel="Add link"
        newRow={() => ({ platform: "", url: "" })}
        rowClassName="flex gap-2"
        renderRow={({ index, prefix, controls }) => (
          <>
            <ControlledField<Values> name={`${prefix}.platform`} label={`Platform of link ${index + 1}`}>
              {(control) => <Input {...control} />}
            </ControlledField>
            <ControlledField<Values> name={`${prefix}.url`} label={`URL of link ${index + 1}`}>
              {(control) => <Input {...control} />}
            </ControlledField>
            {controls}
          </>
        )}
      />
    </RecordForm>
  );
}

const SPOTIFY = { platform: "Spotify", url: "https://open.spotify.com/a" };
const TIDAL = { platform: "Tidal", url: "https://tidal.com/b" };

function renderEditor(initial: Values = { links: [SPOTIFY, TIDAL] }) {
  const submit = vi.fn(async (_payload: unknown) => {});
  render(<LinksForm submit={submit} initial={initial} />);
  const rows = () => within(screen.getByRole("group", { name: "External links" })).getAllByRole("listitem");
  const platforms = () => rows().map((row) => within(row).getAllByRole("textbox")[0]);
  return { submit, rows, platforms };
}

describe("RowListEditor", () => {
  it("moves a row with its own element, values and focus, from the keyboard", async () => {
    const user = userEvent.setup();
    const { rows, submit } = renderEditor();
    const [first, second] = rows();
    await user.click(screen.getByLabelText("Platform of link 2"));
    await user.keyboard("{Tab}{Tab}");
    expect(screen.getByRole("button", { name: "Move link 2 up" })).toHaveFocus();
    await user.keyboard("{Enter}");

    // The same list items, swapped: each row kept its id, so React moved it rather than refilling it.
    expect(rows()).toEqual([second, first]);
    expect(screen.getByLabelText("Platform of link 1")).toHaveValue("Tidal");
    // Now first, the row cannot go up: its down button takes the focus.
    await waitFor(() => expect(screen.getByRole("button", { name: "Move link 1 down" })).toHaveFocus());
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ links: [TIDAL, SPOTIFY] }));
  });

  it("adds and removes rows without disturbing the others' values", async () => {
    const user = userEvent.setup();
    const { rows, submit } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Add link" }));
    await user.type(screen.getByLabelText("Platform of link 3"), "Bandcamp");
    await user.type(screen.getByLabelText("URL of link 3"), "https://x.bandcamp.com");
    const [, second, third] = rows();
    await user.click(screen.getByRole("button", { name: "Remove link 1" }));

    expect(rows()).toEqual([second, third]);
    expect(screen.getByLabelText("Platform of link 2")).toHaveValue("Bandcamp");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({
        links: [TIDAL, { platform: "Bandcamp", url: "https://x.bandcamp.com" }],
      }),
    );
  });

  it("shows each row's problems under its fields and the list's own under the list", async () => {
    const user = userEvent.setup();
    const { submit } = renderEditor({ links: [SPOTIFY, TIDAL, TIDAL, { platform: "", url: "nope" }] });
    await user.click(screen.getByRole("button", { name: "Save" }));

    const platform = screen.getByLabelText("Platform of link 4");
    await waitFor(() => expect(platform).toHaveAccessibleDescription("Name the platform"));
    expect(screen.getByLabelText("URL of link 4")).toHaveAccessibleDescription("Not a web address");
    expect(screen.getByLabelText("URL of link 1")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByRole("group", { name: "External links" })).toHaveAccessibleDescription(
      "At most three links",
    );
    await waitFor(() => expect(platform).toHaveFocus());
    expect(submit).not.toHaveBeenCalled();
  });
});
