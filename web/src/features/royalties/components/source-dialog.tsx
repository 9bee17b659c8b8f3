import {
  ROYALTY_LINE_FIELDS,
  ROYALTY_MAPPING_KEYS,
  ROYALTY_SOURCE_KINDS,
  type RoyaltyColumnMapping,
} from "@app/contracts";
import { type FormEvent, useId, useState } from "react";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { FormProblem } from "@/components/form/form-problem";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { type RoyaltySource, useSaveSource, useStatementHeader } from "@/features/royalties/api/royalties";
import {
  emptyColumns,
  guessColumns,
  LINE_FIELD_LABEL,
  MAPPING_LABEL,
  SOURCE_KIND_LABEL,
  type SourceFormState,
  sourceValues,
} from "@/features/royalties/utils/source-form";

function initialState(source: RoyaltySource | null): SourceFormState {
  const mapping = source?.mapping as RoyaltyColumnMapping | null | undefined;
  return {
    name: source?.name ?? "",
    kind: source?.kind ?? "distributor",
    mappingKey: source?.mapping_key ?? "distrokid_tsv",
    defaultCurrency: source?.default_currency ?? "SEK",
    columns: { ...emptyColumns(), ...(mapping?.columns ?? {}) },
    decimalSeparator: mapping?.decimal_separator ?? ".",
  };
}

/**
 * A source of statements and how its files are read: a built-in format, or columns of its own. Staff can
 * pick a sample file: the server reads its header as an import would, and each field then chooses among
 * the file's real column names (the usual ones guessed), so the saved mapping fits the next file.
 */
export function SourceDialog({ source, onClose }: { source: RoyaltySource | null; onClose(): void }) {
  const id = useId();
  const [form, setForm] = useState(() => initialState(source));
  const [header, setHeader] = useState<string[] | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSaveSource();
  const readHeader = useStatementHeader();
  const set = <K extends keyof SourceFormState>(key: K, value: SourceFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const field = (name: string) => ({
    id: `${id}-${name}`,
    errorId: `${id}-${name}-error`,
    error: problems[name],
  });
  const described = (name: string) => ({
    id: `${id}-${name}`,
    "aria-describedby": problems[name] ? `${id}-${name}-error` : undefined,
    "aria-invalid": problems[name] ? true : undefined,
  });

  const pickSample = (file: File | undefined) => {
    if (!file) return;
    readHeader.mutate(file, {
      onSuccess: (read) => {
        setHeader(read.header);
        setForm((current) => ({ ...current, columns: guessColumns(read.header) }));
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = sourceValues(form);
    if ("problems" in result) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    save.mutate({ source, values: result.values as never }, { onSuccess: onClose });
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{source ? `Edit ${source.name}` : "New source"}</DialogTitle>
          <DialogDescription>
            Where statements come from, and how their files are read: the next file imports without asking.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField {...field("name")} label="Name">
              <Input {...described("name")} value={form.name} onChange={(e) => set("name", e.target.value)} />
            </FormField>
            <FormField {...field("kind")} label="Kind">
              <NativeSelect
                {...described("kind")}
                value={form.kind}
                onChange={(e) => set("kind", e.target.value as SourceFormState["kind"])}
              >
                {ROYALTY_SOURCE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {SOURCE_KIND_LABEL[kind]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField {...field("mappingKey")} label="File format">
              <NativeSelect
                {...described("mappingKey")}
                value={form.mappingKey}
                onChange={(e) => set("mappingKey", e.target.value as SourceFormState["mappingKey"])}
              >
                {ROYALTY_MAPPING_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {MAPPING_LABEL[key]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField {...field("defaultCurrency")} label="Currency of its amounts">
              <Input
                {...described("defaultCurrency")}
                value={form.defaultCurrency}
                maxLength={3}
                autoCapitalize="characters"
                onChange={(e) => set("defaultCurrency", e.target.value)}
              />
            </FormField>
          </div>
          {form.mappingKey === "custom" ? (
            <fieldset className="grid gap-4 rounded-md border p-4">
              <legend className="px-1 font-medium">Columns</legend>
              <FormField
                id={`${id}-sample`}
                errorId={`${id}-sample-error`}
                label="Read the column names from a sample file"
                isOptional
              >
                <Input
                  id={`${id}-sample`}
                  type="file"
                  accept=".csv,.tsv,.txt,.xlsx"
                  disabled={readHeader.isPending}
                  onChange={(e) => pickSample(e.target.files?.[0])}
                />
              </FormField>
              {header ? (
                <p role="status" className="text-sm text-muted-foreground">
                  {header.length} columns read; the usual ones are chosen below.
                </p>
              ) : null}
              <FormProblem problem={problems.columns} />
              <div className="grid gap-4 sm:grid-cols-2">
                {ROYALTY_LINE_FIELDS.map((name) => (
                  <FormField
                    key={name}
                    {...field(name)}
                    label={LINE_FIELD_LABEL[name]}
                    isOptional={name !== "amount"}
                  >
                    {header ? (
                      <NativeSelect
                        {...described(name)}
                        value={form.columns[name]}
                        onChange={(e) => set("columns", { ...form.columns, [name]: e.target.value })}
                      >
                        <option value="">Not in the file</option>
                        {header.map((column) => (
                          <option key={column} value={column}>
                            {column}
                          </option>
                        ))}
                      </NativeSelect>
                    ) : (
                      <Input
                        {...described(name)}
                        value={form.columns[name]}
                        placeholder="Column header"
                        onChange={(e) => set("columns", { ...form.columns, [name]: e.target.value })}
                      />
                    )}
                  </FormField>
                ))}
                <FormField {...field("decimalSeparator")} label="Decimal separator">
                  <NativeSelect
                    {...described("decimalSeparator")}
                    value={form.decimalSeparator}
                    onChange={(e) => set("decimalSeparator", e.target.value as "." | ",")}
                  >
                    <option value=".">Point (1234.56)</option>
                    <option value=",">Comma (1 234,56)</option>
                  </NativeSelect>
                </FormField>
              </div>
            </fieldset>
          ) : null}
          <FormFooter
            isBusy={save.isPending}
            submitLabel="Save source"
            formError={problems.form}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
