import { ChevronRight, Music, Users } from "lucide-react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  useSidebar,
} from "@/components/ui/sidebar";
import { SITE } from "@/config/site";
import {
  CRM_NAV_ITEMS,
  DASHBOARD_NAV_ITEM,
  MAIN_NAV_ITEMS,
  type NavItem,
} from "@/features/backoffice/components/nav-items";

/** The drawer covers the page on small screens, so following a link closes it. */
function useCloseDrawer() {
  const { isMobile, setOpenMobile } = useSidebar();
  return () => {
    if (isMobile) setOpenMobile(false);
  };
}

function NavMenuItem({ item }: { item: NavItem }) {
  const Icon = item.icon;
  const closeDrawer = useCloseDrawer();
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild tooltip={item.label}>
        <NavLink to={item.to} end={item.end} onClick={closeDrawer}>
          <Icon aria-hidden="true" />
          <span>{item.label}</span>
        </NavLink>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

function CrmGroup() {
  const { state, isMobile, setOpen } = useSidebar();
  const closeDrawer = useCloseDrawer();
  // On the icon rail the CRM links are hidden, so the group's icon carries the highlight for them.
  const isCrmActive = useLocation().pathname.startsWith("/app/crm");
  const isRail = state === "collapsed" && !isMobile;
  return (
    <SidebarMenuItem>
      <Collapsible defaultOpen>
        <CollapsibleTrigger asChild>
          <SidebarMenuButton
            tooltip="CRM"
            // On the icon rail the sub-links are hidden, so the CRM icon widens the sidebar to reveal them.
            onClick={(event) => {
              if (!isRail) return;
              event.preventDefault();
              setOpen(true);
            }}
            data-active={isCrmActive}
            className="group/crm group-data-[collapsible=icon]:data-[active=true]:bg-accent group-data-[collapsible=icon]:data-[active=true]:text-primary"
          >
            <Users aria-hidden="true" />
            <span>CRM</span>
            <ChevronRight
              aria-hidden="true"
              className="ml-auto transition-transform group-data-[state=open]/crm:rotate-90"
            />
          </SidebarMenuButton>
        </CollapsibleTrigger>
        <CollapsibleContent>
          <SidebarMenuSub aria-label="CRM">
            {CRM_NAV_ITEMS.map((item) => {
              const Icon = item.icon;
              return (
                <SidebarMenuSubItem key={item.to}>
                  <SidebarMenuSubButton asChild>
                    <NavLink to={item.to} end={item.end} onClick={closeDrawer}>
                      <Icon aria-hidden="true" />
                      <span>{item.label}</span>
                    </NavLink>
                  </SidebarMenuSubButton>
                </SidebarMenuSubItem>
              );
            })}
          </SidebarMenuSub>
        </CollapsibleContent>
      </Collapsible>
    </SidebarMenuItem>
  );
}

export function AppSidebar() {
  const closeDrawer = useCloseDrawer();
  return (
    <Sidebar label="Navigation">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip={SITE.name} className="h-10">
              <Link to="/app" onClick={closeDrawer}>
                <Music aria-hidden="true" className="text-primary" />
                <span className="font-bold">{SITE.name}</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Back office">
          <SidebarGroup>
            <SidebarMenu>
              <NavMenuItem item={DASHBOARD_NAV_ITEM} />
              <CrmGroup />
              {MAIN_NAV_ITEMS.map((item) => (
                <NavMenuItem key={item.to} item={item} />
              ))}
            </SidebarMenu>
          </SidebarGroup>
        </nav>
      </SidebarContent>
    </Sidebar>
  );
}
