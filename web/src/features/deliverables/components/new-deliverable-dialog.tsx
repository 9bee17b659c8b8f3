import { DELIVERABLE_KIND_LABELS, DELIVERABLE_KINDS, type DeliverableKind } from "@app/contracts";
import { type FormEvent, useId, useState } from "react";
import { AssigneeSelect } from "@/components/form/assignee-select";
import { FormProblem } from "@/components/form/form-problem";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { type ProjectOption, useCreateDeliverable } from "@/features/deliverables/api/deliverables";
import { describeApiError } from "@/lib/api-errors";
import { parseKronor } from "@/lib/money-input";

type Props = {
  open: boolean;
  onOpenChange(open: boolean): void;
  projects: ProjectOption[];
  currentUserId: string | null;
};

const EMPTY = {
  project_id: "",
  kind: "master_wav" as DeliverableKind,
  title: "",
  format: "",
  sample_rate_hz: "",
  bit_depth: "",
  loudness_target_lufs: "",
  due_date: "",
  fee: "",
  /** The assignee's account id, "" for nobody. */
  assignee_id: "",
};

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** A new deliverable of a project: what, to which technical spec, by when, and whether it is yours. */
export function NewDeliverableDialog({ open, onOpenChange, projects, currentUserId }: Props) {
  const id = useId();
  const create = useCreateDeliverable();
  // A new deliverable is the signed-in person's until they choose otherwise.
  const fresh = () => ({ ...EMPTY, assignee_id: currentUserId ?? "" });
  const [values, setValues] = useState(fresh);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const close = () => {
    setValues(fresh());
    setProblem(null);
    onOpenChange(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.project_id) return setProblem("Choose the project it belongs to");
    if (!values.title.trim()) return setProblem("A deliverable needs a title");
    const fee = values.fee.trim() === "" ? null : parseKronor(values.fee);
    if (fee === null && values.fee.trim() !== "")
      return setProblem("A fee is kronor with at most two decimals, such as 7500 or 7 500,50");
    if (fee !== null && fee < 0) return setProblem("A fee is not negative");
    setProblem(null);
    try {
      await create.mutateAsync({
        project_id: values.project_id,
        kind: values.kind,
        title: values.title.trim(),
        format: orNull(values.format),
        sample_rate_hz: values.sample_rate_hz ? Number(values.sample_rate_hz) : null,
        bit_depth: values.bit_depth ? (Number(values.bit_depth) as 16 | 24 | 32) : null,
        loudness_target_lufs: orNull(values.loudness_target_lufs),
        due_date: orNull(values.due_date),
        fee_ore: fee,
        assignee_id: orNull(values.assignee_id),
      });
      close();
    } catch (error) {
      setProblem(describeApiError(error));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>New deliverable</DialogTitle>
          <DialogDescription>What the project delivers, to which spec and by when.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label="New deliverable">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-project`}>Project</Label>
            <NativeSelect id={`${id}-project`} value={values.project_id} onChange={set("project_id")}>
              <option value="">Choose a project</option>
              {projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.code} · {p.title}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-kind`}>Kind</Label>
              <NativeSelect id={`${id}-kind`} value={values.kind} onChange={set("kind")}>
                {DELIVERABLE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {DELIVERABLE_KIND_LABELS[kind]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-title`}>Title</Label>
              <Input id={`${id}-title`} value={values.title} onChange={set("title")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-format`}>Format</Label>
              <Input id={`${id}-format`} placeholder="WAV" value={values.format} onChange={set("format")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-rate`}>Sample rate (Hz)</Label>
              <NativeSelect id={`${id}-rate`} value={values.sample_rate_hz} onChange={set("sample_rate_hz")}>
                <option value="">Not set</option>
                {[44100, 48000, 88200, 96000, 192000].map((rate) => (
                  <option key={rate} value={rate}>
                    {rate}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-depth`}>Bit depth</Label>
              <NativeSelect id={`${id}-depth`} value={values.bit_depth} onChange={set("bit_depth")}>
                <option value="">Not set</option>
                {[16, 24, 32].map((depth) => (
                  <option key={depth} value={depth}>
                    {depth}-bit
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-lufs`}>Loudness target (LUFS)</Label>
              <Input
                id={`${id}-lufs`}
                inputMode="decimal"
                placeholder="-14"
                value={values.loudness_target_lufs}
                onChange={set("loudness_target_lufs")}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-due`}>Due date</Label>
              <Input id={`${id}-due`} type="date" value={values.due_date} onChange={set("due_date")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-fee`}>Fee (SEK)</Label>
              <Input
                id={`${id}-fee`}
                inputMode="decimal"
                placeholder="Not priced"
                value={values.fee}
                onChange={set("fee")}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-assignee`}>Assignee</Label>
              <AssigneeSelect
                id={`${id}-assignee`}
                value={values.assignee_id}
                onChange={set("assignee_id")}
              />
            </div>
          </div>
          <FormProblem problem={problem} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : null}
              Create deliverable
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
