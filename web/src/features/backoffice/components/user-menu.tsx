import { ChevronDown, UserRound } from "lucide-react";
import { Suspense, useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { displayName } from "@/lib/display-name";
import { lazyNamed } from "@/lib/lazy-named";
import { useAuth } from "@/lib/use-auth";

const loadAccountMenu = () => import("@/features/backoffice/components/account-menu");
const AccountMenu = lazyNamed(loadAccountMenu, "AccountMenu");

/**
 * The header's account button. The menu behind it (Radix's menu, roving focus and collection code) loads
 * when someone reaches for it (pointer over, focus, or a click), not with every first visit to /app.
 */
export function UserMenu() {
  const { user } = useAuth();
  const email = user?.email ?? "";
  const name = displayName(user?.user_metadata.full_name, email);
  const [isWanted, setIsWanted] = useState(false);
  const trigger = (
    <button
      type="button"
      className={buttonVariants({ variant: "ghost", size: "sm" })}
      aria-label={`Account menu for ${name}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadAccountMenu()}
      onFocus={() => void loadAccountMenu()}
      onClick={() => setIsWanted(true)}
    >
      <UserRound aria-hidden="true" />
      <span className="hidden max-w-48 truncate sm:inline">{name}</span>
      <ChevronDown aria-hidden="true" />
    </button>
  );
  if (!isWanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <AccountMenu name={name} email={email} />
    </Suspense>
  );
}
