import {
  Activity,
  BriefcaseBusiness,
  Building2,
  CalendarClock,
  CalendarDays,
  ClipboardList,
  Coins,
  Contact,
  FileSignature,
  FolderKanban,
  Gauge,
  Handshake,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  MicVocal,
  Package,
  Receipt,
  Scale,
  Settings,
  Ticket,
} from "lucide-react";

export type NavItem = { to: string; label: string; icon: LucideIcon; end?: boolean };

/** The sidebar's links in the product's fixed order; Inbox comes after the original screens. */
export const DASHBOARD_NAV_ITEM: NavItem = {
  to: "/app",
  label: "Dashboard",
  icon: LayoutDashboard,
  end: true,
};

export const CRM_NAV_ITEMS: NavItem[] = [
  { to: "/app/crm", label: "Dashboard", icon: Gauge, end: true },
  { to: "/app/crm/briefs", label: "Briefs", icon: ClipboardList },
  { to: "/app/crm/contacts", label: "Contacts", icon: Contact },
  { to: "/app/crm/companies", label: "Companies", icon: Building2 },
  { to: "/app/crm/deals", label: "Deals", icon: Handshake },
  { to: "/app/crm/sessions", label: "Sessions", icon: CalendarDays },
  { to: "/app/crm/talent", label: "Talent", icon: MicVocal },
];

export const MAIN_NAV_ITEMS: NavItem[] = [
  { to: "/app/portfolio", label: "Portfolio", icon: BriefcaseBusiness },
  { to: "/app/projects", label: "Projects", icon: FolderKanban },
  { to: "/app/sessions", label: "Sessions", icon: CalendarClock },
  // The public site's community events, next to the other dated work.
  { to: "/app/events", label: "Events", icon: Ticket },
  { to: "/app/deliverables", label: "Deliverables", icon: Package },
  { to: "/app/contracts", label: "Contracts", icon: FileSignature },
  { to: "/app/legal", label: "Legal", icon: Scale },
  { to: "/app/invoices", label: "Invoices", icon: Receipt },
  { to: "/app/royalties", label: "Royalties", icon: Coins },
  { to: "/app/activity", label: "Activity", icon: Activity },
  { to: "/app/settings", label: "Settings", icon: Settings },
  { to: "/app/inbox", label: "Inbox", icon: Inbox },
];
