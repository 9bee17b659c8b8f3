import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  createConfirmedUser,
  expectShell,
  latestMail,
  openSignedIn,
  signInWithForm,
  type TestUser,
  toast,
} from "../auth/support";
import { createUser } from "../support/server";
import { apiSignIn, enrolTotpFactor, factorsOf, newColleague, signInAsAdmin } from "./support";

/** The Team table's row of one person, by their address. */
const memberRow = (page: Page, email: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: email }) });

/** Opens a row's actions menu and picks an item; answers the dialog it opens. */
async function memberAction(page: Page, email: string, item: string) {
  await page.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: item }).click();
  return page.getByRole("alertdialog");
}

/** Signs in with the form on a fresh browser of the colleague's own (no shared storage). */
async function signInElsewhere(browser: Browser, user: Pick<TestUser, "email" | "password">) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/auth");
  await signInWithForm(page, user);
  return { context, page };
}

test.describe("Team", () => {
  test("a public sign-up waits apart from the team until granted staff, and another is deleted", async ({
    page,
    request,
  }) => {
    const [fan, spam] = [
      await createConfirmedUser(request, "guest"),
      await createConfirmedUser(request, "guest"),
    ];
    await signInAsAdmin(page, "/app/settings/team");
    const waiting = page.getByRole("list", { name: "Accounts waiting for a role" });
    await page.getByLabel("Filter by e-mail").fill(fan.email);
    await expect(waiting.getByRole("listitem")).toHaveCount(1);
    await expect(memberRow(page, fan.email)).toHaveCount(0);

    await page.getByRole("button", { name: `Grant staff to ${fan.email}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Grant staff" }).click();
    await expect(memberRow(page, fan.email)).toContainText("Staff");
    await expect(page.getByText("No waiting account matches.")).toBeVisible();

    await page.getByLabel("Filter by e-mail").fill(spam.email);
    await page.getByRole("button", { name: `Delete ${spam.email}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete account" }).click();
    await expect(toast(page, "Account deleted")).toBeVisible();
    await expect(waiting.getByRole("listitem")).toHaveCount(0);
    const signIn = await apiSignIn(request, spam);
    expect(signIn.status).toBe(400);
  });

  test("an invited colleague sets a password; a removed factor and a ban take effect", async ({
    page,
    browser,
    request,
  }) => {
    await signInAsAdmin(page, "/app/settings/team");
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();

    // Invite a colleague as staff.
    const colleague = newColleague();
    await page.getByRole("button", { name: "Invite Colleague" }).click();
    let dialog = page.getByRole("dialog", { name: "Invite a colleague" });
    await dialog.getByLabel("Email").fill(colleague.email);
    await dialog.getByLabel("Role").selectOption({ label: "Staff" });
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await expect(toast(page, `Invitation sent to ${colleague.email}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(memberRow(page, colleague.email)).toContainText("Invited");

    // The same address again: the server's refusal is shown by the field.
    await page.getByRole("button", { name: "Invite Colleague" }).click();
    dialog = page.getByRole("dialog", { name: "Invite a colleague" });
    await dialog.getByLabel("Email").fill(colleague.email);
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription(/.+/);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The colleague opens the mailed link in a browser of their own and chooses a password.
    const mail = await latestMail(request, colleague.email);
    expect(mail.link).toContain("type=invite");
    const invited = await browser.newContext();
    const invitedPage = await invited.newPage();
    await invitedPage.goto(mail.link as string);
    await expect(invitedPage).toHaveURL(/\/auth\/set-password$/);
    await expect(invitedPage.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
    await invitedPage.getByLabel("New password", { exact: true }).fill(colleague.password);
    await invitedPage.getByLabel("Confirm new password").fill(colleague.password);
    await invitedPage.getByRole("button", { name: "Set Password" }).click();
    await expect(invitedPage).toHaveURL(/\/app$/);
    await expectShell(invitedPage);
    await expect(invitedPage.getByText("Pipeline Snapshot").first()).toBeVisible();
    await invited.close();

    await page.reload();
    await expect(memberRow(page, colleague.email)).toContainText("Active");
    await expect(memberRow(page, colleague.email)).toContainText("Staff");

    // The colleague sets up an authenticator app; then loses it, and the admin removes the factor.
    const signedIn = await apiSignIn(request, colleague);
    expect(signedIn.status).toBe(200);
    await enrolTotpFactor(request, signedIn.token as string, "Work phone");
    await page.reload();
    const mfaCell = memberRow(page, colleague.email).getByRole("cell").nth(2);
    await expect(mfaCell).toHaveText("On");
    dialog = await memberAction(page, colleague.email, "Remove “Work phone”…");
    await expect(dialog.getByRole("heading")).toHaveText(`Remove “Work phone” from ${colleague.email}?`);
    await dialog.getByRole("button", { name: "Remove Factor" }).click();
    await expect(toast(page, "Second factor removed")).toBeVisible();
    await expect(mfaCell).toHaveText("Off");

    // With the password alone the colleague is in again, and has no factor left to be asked for.
    const afterRemoval = await signInElsewhere(browser, colleague);
    await expect(afterRemoval.page).toHaveURL(/\/app$/);
    await expectShell(afterRemoval.page);
    const again = await apiSignIn(request, colleague);
    expect(await factorsOf(request, again.token as string)).toEqual([]);
    await afterRemoval.context.close();

    // Banned: the confirmation names the colleague, and their sign-in is refused from then on.
    dialog = await memberAction(page, colleague.email, "Ban…");
    await expect(dialog.getByRole("heading")).toHaveText(`Ban ${colleague.email}?`);
    await dialog.getByRole("button", { name: "Ban", exact: true }).click();
    await expect(memberRow(page, colleague.email)).toContainText("Banned");
    const refused = await signInElsewhere(browser, colleague);
    await expect(toast(refused.page, "Sign in failed")).toBeVisible();
    await expect(refused.page).toHaveURL(/\/auth$/);
    expect((await apiSignIn(request, colleague)).status).toBeGreaterThanOrEqual(400);
    await refused.context.close();

    // The Activity screen tells the story in words, newest first.
    await page.goto("/app/activity");
    await page.getByLabel("Record type").selectOption({ label: "Team" });
    const story = page.getByRole("list", { name: "Activity" }).getByRole("listitem");
    await expect(story.filter({ hasText: colleague.email })).toHaveText([
      new RegExp(`^Banned ${colleague.email}You · `),
      new RegExp(`^Removed ${colleague.email}'s second factor “Work phone”You · `),
      new RegExp(`^${colleague.email} accepted the invitation${colleague.email} · `),
      new RegExp(`^Invited ${colleague.email} as StaffYou · `),
    ]);
  });

  test("works from the keyboard, focus going back to the row's actions", async ({ page }) => {
    await signInAsAdmin(page);
    const staff = createUser("staff");
    await page.goto("/app/settings/team");
    const actions = page.getByRole("button", { name: `Actions for ${staff.email}` });
    await actions.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Change role…" })).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Change role" });
    const role = dialog.getByLabel("Role");
    await expect(role).toBeFocused();
    await role.selectOption({ label: "Administrator" });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Change Role" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(memberRow(page, staff.email)).toContainText("Administrator");
    await expect(actions).toBeFocused();

    // Escape closes a confirmation without changing anything.
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Ban…" }).press("Enter");
    // Focus is in the confirmation (on Cancel) before Escape: pressed while the menu still holds focus,
    // it would close the menu instead.
    const confirmation = page.getByRole("alertdialog", { name: `Ban ${staff.email}?` });
    await expect(confirmation.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alertdialog")).toBeHidden();
    await expect(actions).toBeFocused();
    await expect(memberRow(page, staff.email)).toContainText("Active");
  });

  test("staff have no Team entry and are told the screen is for administrators", async ({ page }) => {
    const staff = createUser("staff");
    await openSignedIn(page, staff);
    await expect(page.getByRole("navigation").getByRole("link", { name: "Team" })).toHaveCount(0);

    await page.goto("/app/settings/team");
    await expect(
      page.getByRole("heading", { name: "Only administrators can manage the team" }),
    ).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
  });
});
