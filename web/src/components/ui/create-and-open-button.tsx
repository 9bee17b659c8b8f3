import type { ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";

/**
 * A button that makes something on the server and then opens its page. `create` answers the address
 * to open, or null when it was refused: the mutation's own toast has already said why, so the page stays.
 */
export function CreateAndOpenButton({
  create,
  pending,
  label,
  children,
}: {
  create: () => Promise<string | null>;
  pending: boolean;
  /** The accessible name, when several such buttons share one page (each names what it makes). */
  label?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={pending}
      aria-label={label}
      onClick={async () => {
        const address = await create();
        if (address) navigate(address);
      }}
    >
      {children}
    </Button>
  );
}
