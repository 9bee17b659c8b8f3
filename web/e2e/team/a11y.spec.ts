import { expect, test } from "@playwright/test";
import { latestMail } from "../auth/support";
import { accessTokenFor, createUser } from "../support/server";
import { expectNoSeriousViolations, inviteThroughApi, newColleague, signInAsAdmin } from "./support";

const WIDTHS = [375, 1280];

test.describe("Team accessibility", () => {
  for (const width of WIDTHS) {
    test(`Team screen, its invite dialog and the team's activity at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAsAdmin(page, "/app/settings/team");
      await expect(page.getByRole("table", { name: "Team members" })).toBeVisible();
      await expectNoSeriousViolations(page, `team at ${width}`);

      await page.getByRole("button", { name: "Invite Colleague" }).click();
      await expect(page.getByRole("dialog", { name: "Invite a colleague" })).toBeVisible();
      await expectNoSeriousViolations(page, `invite dialog at ${width}`);
      await page.keyboard.press("Escape");

      await page.goto("/app/activity?type=team");
      await expect(page.getByLabel("Record type")).toHaveValue("team");
      await expect(
        page
          .getByRole("list", { name: "Activity" })
          .or(page.getByRole("heading", { name: "No activity found" })),
      ).toBeVisible();
      await expectNoSeriousViolations(page, `team activity at ${width}`);
    });

    test(`Set your password, and a dead invitation link, at ${width} px`, async ({
      page,
      browser,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const admin = createUser("admin");
      const colleague = newColleague();
      await inviteThroughApi(request, await accessTokenFor(request, admin), colleague.email);
      const link = (await latestMail(request, colleague.email)).link as string;

      const invited = await browser.newContext({ viewport: { width, height: 900 } });
      const invitedPage = await invited.newPage();
      await invitedPage.goto(link);
      await expect(invitedPage.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
      await invitedPage.getByRole("button", { name: "Set Password" }).click();
      await expect(invitedPage.getByText("Enter a password.")).toBeVisible();
      await expectNoSeriousViolations(invitedPage, `set your password at ${width}`);
      await invited.close();

      // The link works once: opened again it lands on the explanation of what to do.
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
      await expectNoSeriousViolations(page, `dead invitation link at ${width}`);
    });
  }
});
