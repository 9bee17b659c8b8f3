import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ControlledField } from "@/components/form/controlled-field";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { FieldProblem, useRecordForm } from "@/components/form/use-record-form";
import { Input } from "@/components/ui/input";
import { StaleRecordError } from "@/lib/postgrest";

type Values = { title: string; year: string };
const schema = z.object({
  title: z.string().min(1, "A work needs a title"),
  year: z.number({ invalid_type_error: "A year is a number" }).int().nullable(),
});
const toPayload = (values: Values) => ({
  title: values.title.trim(),
  year: values.year.trim() === "" ? null : Number(values.year) || values.year,
});

function WorkForm({ submit, onSaved }: { submit(payload: unknown): Promise<unknown>; onSaved(): void }) {
  const form = useRecordForm({ defaultValues: { title: "", year: "" }, toPayload, schema, submit });
  return (
    <RecordForm form={form} submitLabel="Save" onSaved={onSaved} onCancel={vi.fn()} onReload={async () => {}}>
      <ControlledField<Values> name="title" label="Title">
        {(control) => <Input {...control} />}
      </ControlledField>
      <ControlledField<Values> name="year" label="Year" isOptional>
        {(control) => <Input {...control} />}
      </ControlledField>
    </RecordForm>
  );
}

function renderForm(submit: (payload: unknown) => Promise<unknown> = async () => {}) {
  const onSaved = vi.fn();
  render(
    <RecordFormDialog open onOpenChange={vi.fn()} title="Add work" description="A new work.">
      <WorkForm submit={submit} onSaved={onSaved} />
    </RecordFormDialog>,
  );
  const dialog = screen.getByRole("dialog", { name: "Add work" });
  return { dialog, onSaved, field: (label: RegExp) => within(dialog).getByLabelText(label) };
}

describe("RecordFormDialog", () => {
  it("checks the schema's payload, shows each problem under its labelled field and focuses the first", async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => {});
    const { dialog, field } = renderForm(submit);
    await user.type(field(/^Year/), "soon");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    const title = field(/^Title/);
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveAccessibleDescription("A work needs a title");
    expect(field(/^Year/)).toHaveAccessibleDescription("A year is a number");
    expect(submit).not.toHaveBeenCalled();
  });

  it("sends the parsed payload and reports the save", async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => {});
    const { dialog, field, onSaved } = renderForm(submit);
    await user.type(field(/^Title/), "  Midsummer ");
    await user.type(field(/^Year/), "2024");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(submit).toHaveBeenCalledWith({ title: "Midsummer", year: 2024 });
  });

  it("puts the server's refusal of one field under that field, and any other above the buttons", async () => {
    const user = userEvent.setup();
    const submit = vi
      .fn<(payload: unknown) => Promise<unknown>>()
      .mockRejectedValueOnce(new FieldProblem("year", "That year is taken"))
      .mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const { dialog, field, onSaved } = renderForm(submit);
    await user.type(field(/^Title/), "Midsummer");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const year = field(/^Year/);
    await waitFor(() => expect(year).toHaveAccessibleDescription("That year is taken"));
    await waitFor(() => expect(year).toHaveFocus());

    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("We could not reach the server");
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("disables the submit button while the save runs", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const submit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { dialog, field, onSaved } = renderForm(submit);
    await user.type(field(/^Title/), "Midsummer");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const busy = await within(dialog).findByRole("button", { name: "Saving..." });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(submit).toHaveBeenCalledOnce();
    finish();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeEnabled();
  });

  it("offers to reload when someone else saved first", async () => {
    const user = userEvent.setup();
    const { dialog, field } = renderForm(async () => Promise.reject(new StaleRecordError()));
    await user.type(field(/^Title/), "Midsummer");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("button", { name: "Reload" })).toBeInTheDocument();
  });
});
