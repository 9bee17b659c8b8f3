import { expect, test } from "@playwright/test";
import { latestMail } from "../auth/support";
import { expectNoSeriousViolationsAtEachSize } from "../support/axe";
import { accessTokenFor, createUser } from "../support/server";
import { inviteThroughApi, newColleague, signInAsAdmin } from "./support";

const SIZES = [
  { width: 375, height: 900 },
  { width: 1280, height: 900 },
];

test.describe("Team accessibility", () => {
  test("Team screen, its invite dialog and the team's activity at 375 and 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await signInAsAdmin(page, "/app/settings/team");
    await expect(page.getByRole("table", { name: "Team members" })).toBeVisible();
    await expectNoSeriousViolationsAtEachSize(page, "team", SIZES);

    await page.getByRole("button", { name: "Invite Colleague" }).click();
    await expect(page.getByRole("dialog", { name: "Invite a colleague" })).toBeVisible();
    await expectNoSeriousViolationsAtEachSize(page, "invite dialog", SIZES);
    await page.keyboard.press("Escape");

    await page.goto("/app/activity?type=team");
    await expect(page.getByLabel("Record type")).toHaveValue("team");
    await expect(
      page
        .getByRole("list", { name: "Activity" })
        .or(page.getByRole("heading", { name: "No activity found" })),
    ).toBeVisible();
    await expectNoSeriousViolationsAtEachSize(page, "team activity", SIZES);
  });

  test("Set your password, and a dead invitation link, at 375 and 1280 px", async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    const admin = createUser("admin");
    const colleague = newColleague();
    await inviteThroughApi(request, await accessTokenFor(request, admin), colleague.email);
    const link = (await latestMail(request, colleague.email)).link as string;

    const invited = await browser.newContext({ viewport: { width: 375, height: 900 } });
    const invitedPage = await invited.newPage();
    await invitedPage.goto(link);
    await expect(invitedPage.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
    await invitedPage.getByRole("button", { name: "Set Password" }).click();
    await expect(invitedPage.getByText("Enter a password.")).toBeVisible();
    await expectNoSeriousViolationsAtEachSize(invitedPage, "set your password", SIZES);
    await invited.close();

    // The link works once: opened again it lands on the explanation of what to do.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
    await expectNoSeriousViolationsAtEachSize(page, "dead invitation link", SIZES);
  });
});
