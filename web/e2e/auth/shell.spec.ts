import { expect, test } from "@playwright/test";
import { createConfirmedUser, expectShell, signInWithForm } from "./support";

async function sidebarCookie(page: import("@playwright/test").Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === "sidebar:state")?.value;
}

test.describe("back-office shell", () => {
  test("Ctrl+B toggles the sidebar and the sidebar:state cookie survives a reload", async ({
    page,
    request,
  }) => {
    const user = await createConfirmedUser(request, "staff");
    await page.goto("/auth");
    await signInWithForm(page, user);
    await expectShell(page);
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");

    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    expect(await sidebarCookie(page)).toBe("false");

    await page.reload();
    await expectShell(page);
    await expect(page.getByTestId("sidebar")).toHaveAttribute("data-state", "collapsed");

    await page.keyboard.press("Control+b");
    await expect(page.getByTestId("sidebar")).toHaveAttribute("data-state", "expanded");
    expect(await sidebarCookie(page)).toBe("true");
  });

  test("on a phone the toggle opens the navigation as a drawer", async ({ page, request }) => {
    const user = await createConfirmedUser(request, "staff");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/auth");
    await signInWithForm(page, user);
    await expectShell(page);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("button", { name: "Toggle Sidebar" }).click();

    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Talent" }).click();
    await expect(page).toHaveURL(/\/app\/crm\/talent$/);
  });
});
