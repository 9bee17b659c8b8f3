import { Download, UserX } from "lucide-react";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/form/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useErasePersonalData, useExportPersonalData } from "@/features/crm/api/personal-data";
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
  const [isMismatch, setIsMismatch] = useState(false);
  const close = () => {
    setTyped("");
    setIsMismatch(false);
    erasing.reset();
    onOpenChange(false);
  };
  const isTyped = sameAddress(typed, email);
  const problem = isMismatch ? `Type ${email} to confirm` : erasing.error;
  return (
    <ConfirmDialog
      open={open}
      title={`Erase the personal data of ${name}?`}
      description="Their account and sign-ins, form messages, newsletter subscription, portfolio works and this timeline are erased, and this contact stays only as “Erased on request”. Contracts they fully signed are kept, as the law requires, with just their name and signature. This cannot be undone."
      confirmLabel="Erase personal data"
      cancelLabel="Keep data"
      confirmIcon={<UserX aria-hidden="true" />}
      isDestructive
      isPending={erasing.isPending}
      isConfirmDisabled={!isTyped}
      error={problem}
      errorId={`${id}-problem`}
      onConfirm={() => {
        // Enter in the address field confirms too: a wrong address is said, not sent.
        setIsMismatch(!isTyped);
        if (isTyped) erasing.mutate(email, { onSuccess: close });
      }}
      onClose={close}
    >
      <div className="grid gap-2">
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
      </div>
    </ConfirmDialog>
  );
}
