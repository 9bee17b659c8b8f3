import type { APIRequestContext, Page } from "@playwright/test";
import { latestMail } from "../auth/support";
import { accessTokenFor, anonKey, createUser } from "../support/server";
import { expect, openPage, test } from "./fixtures";

type Table = "contact_messages" | "applications" | "newsletter_subscriptions";

let key: string | undefined;
/** The anonymous key (the CLI is a process start, so ask once). */
const anon = () => {
  key ??= anonKey();
  return key;
};

let staffToken: string | undefined;
/** Rows of an inbox table as the back office reads them: anon key plus a staff user's token. */
async function readAsStaff(request: APIRequestContext, table: Table): Promise<Record<string, unknown>[]> {
  staffToken ??= await accessTokenFor(request, createUser("staff"));
  const res = await request.get(`/rest/v1/${table}?limit=500`, {
    headers: { apikey: anon(), authorization: `Bearer ${staffToken}` },
  });
  expect(res.status()).toBe(200);
  return res.json();
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Fills the field people never see, as a form-filling bot would, submits, and expects a 400 for it. */
async function submitWithHoneypot(page: Page, form: ReturnType<Page["getByRole"]>, submit: string) {
  await form.locator('input[name="website_url"]').fill("https://spam.example", { force: true });
  const response = page.waitForResponse((res) => res.request().method() === "POST");
  await form.getByRole("button", { name: submit }).click();
  const rejected = await response;
  expect(rejected.request().postDataJSON()).toMatchObject({ website_url: "https://spam.example" });
  expect(rejected.status()).toBe(400);
}

test.describe("public forms", () => {
  test("contact form: sends, shows success, clears, and staff can read the message", async ({
    page,
    request,
  }) => {
    const id = unique();
    await openPage(page, "/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name", { exact: true }).fill("Agnes Berg");
    await form.getByLabel("Email", { exact: true }).fill(`agnes.${id}@example.com`);
    await form.getByLabel("Subject", { exact: true }).fill(`Booking ${id}`);
    await form.getByLabel("Message", { exact: true }).fill("Could you master our EP in March?");
    await form.getByRole("button", { name: "Send Message" }).click();

    await expect(page.getByText("Message sent!")).toBeVisible();
    await expect(form.getByLabel("Subject", { exact: true })).toHaveValue("");

    const rows = await readAsStaff(request, "contact_messages");
    expect(rows.find((row) => row.subject === `Booking ${id}`)).toMatchObject({
      name: "Agnes Berg",
      email: `agnes.${id}@example.com`,
      message: "Could you master our EP in March?",
      handled_at: null,
    });

    // Without a staff token the inbox is closed.
    const anonymous = await request.get("/rest/v1/contact_messages", {
      headers: { apikey: anon(), authorization: `Bearer ${anon()}` },
    });
    expect([401, 403]).toContain(anonymous.status());
  });

  test("application form: submits from Apply Now and staff can read the application", async ({
    page,
    request,
  }) => {
    const id = unique();
    await openPage(page, "/work-with-us");
    // Applying from a card pre-selects the role.
    await page.getByRole("button", { name: "Apply as Audio Engineer" }).click();
    const form = page.getByRole("form", { name: "Job application" });
    await expect(form.getByLabel("Interested Role")).toHaveValue("Audio Engineers");
    await form.getByLabel("First Name").fill("Nils");
    await form.getByLabel("Last Name").fill(`Ek ${id}`);
    await form.getByLabel("Email").fill(`nils.${id}@example.com`);
    await form.getByLabel("Portfolio/Website").fill("https://nilsek.example");
    await form.getByLabel("Tell us about your experience").fill("Ten years of FOH and studio mixing.");
    await form.getByLabel(/^Why do you want to join/).fill("I want to mix records that pay writers fairly.");
    await form.getByRole("button", { name: "Submit Application" }).click();

    await expect(page.getByText("Application sent!")).toBeVisible();
    await expect(form.getByLabel("First Name")).toHaveValue("");

    const rows = await readAsStaff(request, "applications");
    expect(rows.find((row) => row.email === `nils.${id}@example.com`)).toMatchObject({
      first_name: "Nils",
      last_name: `Ek ${id}`,
      role: "Audio Engineers",
      portfolio: "https://nilsek.example",
      experience: "Ten years of FOH and studio mixing.",
      vision: "I want to mix records that pay writers fairly.",
    });
  });

  test("newsletter: the mailed link asks, the click confirms, and only then staff can read it", async ({
    page,
    request,
  }) => {
    const email = `fan.${unique()}@example.com`;
    await openPage(page, "/contact");
    const form = page.getByRole("form", { name: "Newsletter" });
    await form.getByLabel("Email").fill(email);
    await form.getByRole("checkbox", { name: "Event announcements" }).check();
    await form.getByRole("checkbox", { name: /SplitLedger updates/ }).check();
    await form.getByRole("button", { name: "Subscribe" }).click();

    await expect(page.getByText("Check your inbox to confirm")).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveValue("");
    await expect(form.getByRole("checkbox", { name: "Event announcements" })).not.toBeChecked();
    expect((await readAsStaff(request, "newsletter_subscriptions")).find((row) => row.email === email)).toBe(
      undefined,
    );

    // Opening the mailed link confirms nothing (mail scanners open links too): the visitor's click does.
    const mail = await latestMail(request, email, "newsletter_confirmation");
    await page.goto(mail.link as string);
    const confirm = page.getByRole("button", { name: "Confirm subscription" });
    await expect(confirm).toBeVisible();
    expect((await readAsStaff(request, "newsletter_subscriptions")).find((row) => row.email === email)).toBe(
      undefined,
    );
    await confirm.click();
    await expect(page).toHaveURL(/\/contact\?newsletter=confirmed$/);
    await expect(page.getByRole("status").filter({ hasText: "subscription is confirmed" })).toBeVisible();

    const rows = await readAsStaff(request, "newsletter_subscriptions");
    expect(rows.find((row) => row.email === email)).toMatchObject({
      interest_releases: false,
      interest_events: true,
      interest_behind_the_scenes: false,
      interest_platform: true,
    });
  });

  test("an invalid email is caught inline before anything is sent", async ({ page }) => {
    await openPage(page, "/contact");
    let posted = false;
    page.on("request", (req) => {
      if (req.method() === "POST" && req.url().includes("/rest/v1/")) posted = true;
    });
    const form = page.getByRole("form", { name: "Newsletter" });
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByText("Enter a valid email address")).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Email")).toBeFocused();
    expect(posted).toBe(false);
  });

  test("the honeypot rejects every form and nothing is stored", async ({ page, request }) => {
    const id = unique();

    await openPage(page, "/contact");
    const contact = page.getByRole("form", { name: "Contact form" });
    await contact.getByLabel("Name", { exact: true }).fill("Spam Bot");
    await contact.getByLabel("Email", { exact: true }).fill(`bot.${id}@example.com`);
    await contact.getByLabel("Subject", { exact: true }).fill(`Spam ${id}`);
    await contact.getByLabel("Message", { exact: true }).fill("Buy followers now");
    await submitWithHoneypot(page, contact, "Send Message");
    await expect(page.getByText("Could not send your message")).toBeVisible();
    await expect(page.getByText("Message sent!")).toHaveCount(0);
    // The visitor's input is kept on failure.
    await expect(contact.getByLabel("Subject", { exact: true })).toHaveValue(`Spam ${id}`);

    const newsletter = page.getByRole("form", { name: "Newsletter" });
    await newsletter.getByLabel("Email").fill(`bot.${id}@example.com`);
    await submitWithHoneypot(page, newsletter, "Subscribe");
    await expect(page.getByText("Could not subscribe you")).toBeVisible();

    await openPage(page, "/work-with-us");
    await page.getByRole("tab", { name: "Apply Now" }).click();
    const application = page.getByRole("form", { name: "Job application" });
    await application.getByLabel("First Name").fill("Spam");
    await application.getByLabel("Last Name").fill("Bot");
    await application.getByLabel("Email").fill(`bot.${id}@example.com`);
    await application.getByLabel("Interested Role").selectOption("Other");
    await application.getByLabel("Tell us about your experience").fill("Lots");
    await application.getByLabel(/^Why do you want to join/).fill("Links");
    await submitWithHoneypot(page, application, "Submit Application");
    await expect(page.getByText("Could not send your application")).toBeVisible();

    const email = `bot.${id}@example.com`;
    for (const table of ["contact_messages", "applications", "newsletter_subscriptions"] as const) {
      const rows = await readAsStaff(request, table);
      expect(
        rows.filter((row) => row.email === email),
        table,
      ).toEqual([]);
    }
  });
});
