import { NavLink } from "react-router-dom";
import { useIsAdmin } from "@/lib/use-auth";
import { cn } from "@/lib/utils";

type SettingsNavItem = { to: string; label: string; isAdminOnly?: boolean };

/** The settings area's pages; the administration ones are for admins only (the server checks the same). */
const SETTINGS_NAV_ITEMS: readonly SettingsNavItem[] = [
  { to: "/app/settings", label: "Settings" },
  { to: "/app/settings/profile", label: "Profile" },
  { to: "/app/settings/company", label: "Company" },
  { to: "/app/settings/team", label: "Team", isAdminOnly: true },
  { to: "/app/settings/backups", label: "Backups", isAdminOnly: true },
];

/** The sub-navigation every settings page shows under its heading. */
export function SettingsNav({ className }: { className?: string }) {
  const isAdmin = useIsAdmin();
  const items = SETTINGS_NAV_ITEMS.filter((item) => !item.isAdminOnly || isAdmin);
  return (
    <nav aria-label="Settings pages" className={cn("overflow-x-auto border-b", className)}>
      <ul className="flex gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              // Settings is the area's root: only its own page marks it current.
              end
              className={({ isActive }) =>
                cn(
                  "-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
                  isActive ? "border-primary text-foreground" : "border-transparent text-muted-foreground",
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
