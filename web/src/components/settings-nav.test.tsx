import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SettingsNav } from "@/components/settings-nav";
import { createAuthState, renderBackOffice, STAFF_USER } from "@/test/render-back-office";

function linksOf(nav: HTMLElement) {
  return within(nav)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
}

describe("SettingsNav", () => {
  it("shows staff Settings, Profile and the company's details, marking the page they are on", () => {
    renderBackOffice(<SettingsNav />, { route: "/app/settings/profile" });
    const nav = screen.getByRole("navigation", { name: "Settings pages" });
    expect(linksOf(nav)).toEqual([
      ["Settings", "/app/settings"],
      ["Profile", "/app/settings/profile"],
      ["Company", "/app/settings/company"],
    ]);
    expect(within(nav).getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Settings" })).not.toHaveAttribute("aria-current");
  });

  it("adds Team and Backups for admins", () => {
    const admin = { ...STAFF_USER, app_metadata: { ...STAFF_USER.app_metadata, role: "admin" as const } };
    renderBackOffice(<SettingsNav />, { route: "/app/settings", auth: createAuthState({ user: admin }) });
    const nav = screen.getByRole("navigation", { name: "Settings pages" });
    expect(linksOf(nav)).toEqual([
      ["Settings", "/app/settings"],
      ["Profile", "/app/settings/profile"],
      ["Company", "/app/settings/company"],
      ["Team", "/app/settings/team"],
      ["Backups", "/app/settings/backups"],
    ]);
    expect(within(nav).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  });
});
