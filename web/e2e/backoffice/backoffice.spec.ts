import { expect, type Page, test } from "@playwright/test";
import { openSignedIn } from "../auth/support";
import { goInApp } from "../support/navigation";
import { createUser } from "../support/server";

/** Every back-office route of the spec, with text that proves the right screen rendered. */
const ROUTES: [path: string, text: string | RegExp][] = [
  ["/app", "Pipeline Snapshot"],
  ["/app/crm", "Nurture Queue"],
  ["/app/crm/briefs", "Sourcing"],
  ["/app/crm/contacts", "Maja Ekström"],
  ["/app/crm/companies", "Hornstull Records"],
  ["/app/crm/deals", "Negotiation"],
  ["/app/crm/sessions", "Studio A – Södermalm"],
  ["/app/crm/talent", /Talent/],
  ["/app/crm/matching", "Available Talent"],
  ["/app/portfolio", "Portfolio"],
  ["/app/legal", "Awaiting Signatures"],
  ["/app/legal/documents", "Awaiting Signatures"],
  ["/app/legal/templates", "Producer Agreement"],
  ["/app/legal/clauses", "Manage reusable clause library for templates"],
  ["/app/legal/new", "Add party"],
  ["/app/legal/templates/new", "Add variable"],
  ["/app/legal/templates/some-id", "Template not found"],
  ["/app/legal/some-id", "Document not found"],
  ["/app/deals", "Negotiation"],
  ["/app/projects", "Podcast theme, Nordljus"],
  ["/app/projects/some-id", "Project Not Found"],
  ["/app/sessions", "Studio A – Södermalm"],
  ["/app/events", "Songwriter Circle: Södermalm Sessions"],
  ["/app/deliverables", "What each project delivers, its versions and the client's approval."],
  ["/app/contracts", "Every legal document all its signers have signed, newest first."],
  ["/app/invoices", "Drafts, issued invoices, payments and credits, in Swedish kronor."],
  ["/app/invoices/some-id", "Invoice not found"],
  [
    "/app/royalties",
    "Statements in, lines matched to the catalogue, periods closed into each payee's statement, works registered with the societies.",
  ],
  ["/app/activity", "Record type"],
  ["/app/settings", "Two-factor authentication"],
  ["/app/settings/profile", "E-mail address"],
  ["/app/settings/company", "The business's details as its invoices print them."],
  ["/app/inbox", "Inbox"],
];

async function signInAsStaff(page: Page) {
  await openSignedIn(page, createUser("staff"));
  await expect(page.getByText("Pipeline Snapshot").first()).toBeVisible();
}

function collectConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  // The embedded player and any other third-party document stay offline.
  void page.route(
    (url) => url.hostname !== "localhost" && url.hostname !== "127.0.0.1",
    (route) => route.abort(),
  );
  return errors;
}

test("staff can visit every back-office route without a console error", async ({ page }) => {
  test.setTimeout(150_000);
  const errors = collectConsoleErrors(page);
  await signInAsStaff(page);
  // Each screen as a link reaches it: one page load, then the router (a reload per screen would load and
  // start the whole app each time; the first screen is the one signInAsStaff opened).
  for (const [path, text] of ROUTES) {
    await goInApp(page, path);
    await expect(page.getByText(text).first(), path).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test("a portfolio item is edited through the dialog, with tags added by Enter and by the plus button", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await signInAsStaff(page);
  await page.goto("/app/portfolio");
  // A seeded talent with seeded works, found by the list's name search.
  await page.getByRole("searchbox", { name: "Search talent" }).fill("Alva Lindqvist");
  await page
    .getByRole("list", { name: "Talent list" })
    .getByRole("link", { name: /Alva Lindqvist/ })
    .click();
  await page.getByRole("tab", { name: "Portfolio" }).click();
  await page
    .getByRole("region", { name: "All Works" })
    .getByRole("button", { name: "Edit Slussen Nights" })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Title").fill("Slussen Nights (Radio Edit)");
  const tags = dialog.getByLabel("Tags", { exact: true });
  await tags.fill("  radio  ");
  await tags.press("Enter");
  await tags.fill("acoustic");
  await dialog.getByRole("button", { name: "Add tag" }).click();
  await tags.fill("radio");
  await tags.press("Enter");
  const current = dialog.getByRole("list", { name: "Current tags" });
  await expect(current.getByText("radio", { exact: true })).toHaveCount(1);
  await expect(current.getByText("acoustic", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Portfolio item updated")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Slussen Nights (Radio Edit)").first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("clauses filter by title, slug or tag, and say when nothing matches", async ({ page }) => {
  await signInAsStaff(page);
  await page.goto("/app/legal/clauses");
  const search = page.getByPlaceholder("Search clauses...");
  await expect(page.getByRole("cell", { name: "confidentiality_standard_v1" })).toBeVisible();
  await search.fill("WORK_FOR_HIRE");
  await expect(page.getByRole("cell", { name: "work_for_hire_master_v1" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "confidentiality_standard_v1" })).toHaveCount(0);
  await search.fill("no clause is called this");
  await expect(page.getByText("No clauses found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search terms")).toBeVisible();
});

test("a message sent on the public contact form reaches the inbox and can be marked handled", async ({
  page,
}) => {
  const subject = `Studio booking ${Date.now()}`;
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Ines Moreau");
  await page.getByLabel("Email").first().fill("ines@example.com");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("Hej! Can we book the studio in March?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText(/sent|thank/i).first()).toBeVisible();

  await signInAsStaff(page);
  await page.goto("/app/inbox");
  const item = page.getByRole("button", { name: new RegExp(subject) });
  await expect(item).toBeVisible();
  await item.click();
  const details = page.getByRole("region", { name: /^Details:/ });
  await expect(details.getByText("Hej! Can we book the studio in March?")).toBeVisible();
  await details.getByRole("button", { name: "Mark as handled" }).click();
  await expect(details.getByRole("button", { name: "Reopen" })).toBeVisible();
});
