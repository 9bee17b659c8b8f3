import { Download, UserX } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useErasePersonalData, useExportPersonalData } from "@/features/crm/api/personal-data";
import { describeApiError } from "@/lib/api-errors";
import { useAuth } from "@/lib/use-auth";

type PersonalDataActionsProps = { name: string; email: string | null };

/**
 * A person's rights of access and erasure, on their contact page: for administrators only (staff never
 * see them, and the server refuses them), and only for a contact with an address to look for.
 */
export function PersonalDataActions({ name, email }: PersonalDataActionsProps) {
  const { user } = useAuth();
  const exporting = useExportPersonalData();
  const [isErasing, setIsErasing] = useState(false);
  if (user?.app_metadata.role !== "admin" || !email) return null;
  return (
    <>
      <Button variant="outline" disabled={exporting.isPending} onClick={() => exporting.mutate(email)}>
        {exporting.isPending ? <Spinner /> : <Download aria-hidden="true" />}
        Export personal data
      </Button>
      <Button variant="outline" onClick={() => setIsErasing(true)}>
        <UserX aria-hidden="true" />
        Erase personal data
      </Button>
      <ErasePersonalDataDialog name={name} email={email} open={isErasing} onOpenChange={setIsErasing} />
    </>
  );
}

type ErasePersonalDataDialogProps = {
  name: string;
  email: string;
  open: boolean;
  onOpenChange(open: boolean): void;
};

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Erasure cannot be undone: the dialog names the person and asks for their address, typed. */
function ErasePersonalDataDialog({ name, email, open, onOpenChange }: ErasePersonalDataDialogProps) {
  const id = useId();
  const erasing = useErasePersonalData();
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) {
      setTyped("");
      setProblem(null);
    }
    onOpenChange(next);
  };
  const confirm = async () => {
    if (!sameAddress(typed, email)) {
      setProblem(`Type ${email} to confirm`);
      return;
    }
    setProblem(null);
    try {
      await erasing.mutateAsync(email);
      close(false);
    } catch (error) {
      setProblem(describeApiError(error));
    }
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Erase the personal data of {name}?</DialogTitle>
          <DialogDescription>
            Their account and sign-ins, form messages, newsletter subscription, portfolio works and this
            timeline are erased, and this contact stays only as “Erased on request”. Contracts they fully
            signed are kept, as the law requires, with just their name and signature. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <Label htmlFor={`${id}-email`}>
            Type <span className="font-semibold">{email}</span> to confirm
          </Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={typed}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
          {problem ? (
            <p id={`${id}-problem`} role="alert" className="text-sm text-error-text">
              {problem}
            </p>
          ) : null}
          <div className="mt-2 flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Keep data
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="destructive"
              disabled={erasing.isPending || !sameAddress(typed, email)}
            >
              {erasing.isPending ? <Spinner /> : <UserX aria-hidden="true" />}
              Erase personal data
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
