import { Suspense } from "react";
import { useLocation } from "react-router-dom";
import { BackOfficeRoutes } from "@/app/routes/back-office/back-office-routes";
import { LiveStatusNotice } from "@/components/live-status-notice";
import { RouteErrorBoundary } from "@/components/route-error-boundary";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@/components/ui/sidebar";
import { Spinner } from "@/components/ui/spinner";
import { AppSidebar } from "@/features/backoffice/components/app-sidebar";
import { UserMenu } from "@/features/backoffice/components/user-menu";
import { LiveUpdatesProvider } from "@/lib/live/live-context";

export function AppRoot() {
  const { pathname } = useLocation();
  return (
    <LiveUpdatesProvider>
      <SidebarProvider>
        <AppSidebar />
        <SidebarInset>
          <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
            <SidebarTrigger />
            <span className="h-5 w-px bg-border" aria-hidden="true" />
            <p className="truncate text-sm font-semibold">Music business dashboard</p>
            <div className="ml-auto flex items-center gap-3">
              <LiveStatusNotice />
              <UserMenu />
            </div>
          </header>
          {/* A long unbroken word (an e-mail address, a web address, a Swedish compound) breaks where it
            must instead of widening the screen past a phone's width. */}
          <main id="main" className="min-w-0 flex-1 p-4 wrap-anywhere md:p-6">
            <Suspense
              fallback={
                <div className="grid place-items-center py-16">
                  <Spinner label="Loading" className="size-6" />
                </div>
              }
            >
              <RouteErrorBoundary key={pathname} variant="section">
                <BackOfficeRoutes />
              </RouteErrorBoundary>
            </Suspense>
          </main>
        </SidebarInset>
      </SidebarProvider>
    </LiveUpdatesProvider>
  );
}
