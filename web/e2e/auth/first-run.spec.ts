import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../crm/support";
import { loggedSetupLink } from "../support/server";
import { toast } from "./support";

/*
 * Runs against the server started without the demo seed (see playwright.config.ts), where nobody is an
 * administrator yet: the server logs a setup link, as a newcomer after `npm start` sees it.
 */
test("the setup link from the server's log creates the first administrator, once", async ({
  page,
  browser,
  baseURL,
}) => {
  const link = loggedSetupLink(baseURL ?? "");
  expect(link).toMatch(/\/setup#token=/);
  const admin = { email: `first.admin.${Date.now()}@example.com`, password: "Första-admin-lösenord-2026" };

  await page.goto(link ?? "");
  await expect(page.getByRole("heading", { name: "Your administrator account" })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousViolations(page, `setup page at ${width} px`);
  }
  const form = page.getByRole("form", { name: "Create the first administrator" });
  await form.getByLabel("Full Name").fill("Alva Nyström");
  await form.getByLabel("Email").fill(admin.email);
  await form.getByLabel("Password").fill(admin.password);
  await form.getByRole("button", { name: "Create Administrator" }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // Spent: the same link in another browser is refused and creates nobody.
  const other = await browser.newContext();
  try {
    const again = await other.newPage();
    await again.goto(link ?? "");
    const form2 = again.getByRole("form", { name: "Create the first administrator" });
    await form2.getByLabel("Full Name").fill("Someone Else");
    await form2.getByLabel("Email").fill(`second.${admin.email}`);
    await form2.getByLabel("Password").fill(admin.password);
    await form2.getByRole("button", { name: "Create Administrator" }).click();
    await expect(toast(again, "Could not create the administrator")).toContainText("no longer works");
    await expect(again).toHaveURL(/\/setup/);
  } finally {
    await other.close();
  }
});
