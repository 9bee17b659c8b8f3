import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SiteHeader } from "@/components/layout/site-header";
import { renderWithProviders } from "@/test/render";

describe("SiteHeader", () => {
  it("marks the current page's link as active", () => {
    renderWithProviders(<SiteHeader />, { route: "/projects" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Projects" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  it("opens the mobile menu and closes it when a link is chosen", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />);
    const toggle = screen.getByRole("button", { name: "Open menu" });

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = document.getElementById("mobile-menu");
    expect(menu).not.toBeNull();

    await user.click(within(menu as HTMLElement).getByRole("link", { name: "Contact" }));
    expect(document.getElementById("mobile-menu")).toBeNull();
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});
