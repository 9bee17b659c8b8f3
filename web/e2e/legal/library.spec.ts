import { expect, test } from "@playwright/test";
import { signInAsStaff, toast, uniqueTag } from "../crm/support";

/* The template editor and the clause library against the real server and its seeded library. */

test("a template is checked by the server, previewed, saved, duplicated and deleted; one in use is kept", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAsStaff(page, request);
  const tag = uniqueTag();
  const title = `Session NDA ${tag}`;

  await page.goto("/app/legal/templates");
  await page.getByRole("link", { name: "New Template" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Template" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Category").selectOption("NDA");
  await page.getByRole("button", { name: "Add variable" }).click();
  await page.getByLabel("Variable 1 key").fill("guest");
  await page.getByLabel("Variable 1 label").fill("Guest");
  await page.getByLabel("Variable 1 type").selectOption("party");
  await page.getByLabel("Variable 1 filled from a CRM contact").check();
  await page
    .getByLabel("Body (markdown)")
    .fill("# Session NDA\n\n{{guest}} keeps {{secret}} secret.\n\n{{clause:no_such_clause_v1}}");
  await page.getByRole("button", { name: "Create Template" }).click();
  // The server names each problem; they are listed under the body.
  await expect(
    page
      .getByText(/secret/)
      .filter({ hasNot: page.getByRole("textbox") })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "no_such_clause_v1" })).toBeVisible();
  await expect(page).toHaveURL(/\/templates\/new$/);

  await page
    .getByLabel("Body (markdown)")
    .fill("# Session NDA\n\n{{guest}} keeps the session secret.\n\n{{clause:confidentiality_standard_v1}}");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("article", { name: "Template preview with sample values" })).toContainText(
    "Session NDA",
  );
  await page.getByRole("button", { name: "Create Template" }).click();
  await expect(toast(page, "Template created")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Template" })).toBeVisible();

  await page.goto("/app/legal/templates");
  await page.getByRole("searchbox", { name: "Search templates" }).fill(tag.toUpperCase());
  await page.getByRole("button", { name: "NDA", exact: true }).click();
  const card = page.getByRole("article", { name: title });
  await card.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("dialog").getByRole("article")).toContainText("keeps the session secret");
  await page.keyboard.press("Escape");
  await card.getByRole("button", { name: "Duplicate" }).click();
  await expect(toast(page, "Template duplicated")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} (copy)`);

  await page.goto("/app/legal/templates");
  await page.getByRole("searchbox", { name: "Search templates" }).fill(`${tag} (copy)`);
  await page
    .getByRole("article", { name: `${title} (copy)` })
    .getByRole("button", { name: "Delete" })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete template" }).click();
  await expect(page.getByText("No templates found")).toBeVisible();

  // The seeded Producer Agreement has documents: the server keeps it and says why.
  await page.getByRole("searchbox", { name: "Search templates" }).fill("");
  await page
    .getByRole("article", { name: "Producer Agreement", exact: true })
    .getByRole("button", { name: "Delete" })
    .click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this template?" });
  await dialog.getByRole("button", { name: "Delete template" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("a clause is created, found by a tag in any case, edited and deleted", async ({ page, request }) => {
  await signInAsStaff(page, request);
  const tag = uniqueTag();
  const slug = `studio_rules_${tag.toLowerCase()}_v1`;

  await page.goto("/app/legal");
  await page.getByRole("link", { name: "New Clause" }).click();
  const dialog = page.getByRole("dialog", { name: "New Clause" });
  await dialog.getByLabel("Title").fill(`Studio rules ${tag}`);
  await dialog.getByLabel("Slug").fill("Not A Slug");
  await dialog.getByLabel("Text (markdown)").fill("No food near the console.");
  await dialog.getByLabel("Tags").fill(`Rules${tag}`);
  await dialog.getByLabel("Tags").press("Enter");
  await dialog.getByRole("button", { name: "Create Clause" }).click();
  await expect(dialog.getByText(/snake_case ending in a version/)).toBeVisible();
  await dialog.getByLabel("Slug").fill(slug);
  await dialog.getByRole("button", { name: "Create Clause" }).click();
  await expect(toast(page, "Clause created")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox", { name: "Search clauses" }).fill(`RULES${tag.toUpperCase()}`);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole("row", { name: new RegExp(`Studio rules ${tag}`) });
  await expect(row).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(2);

  await row.getByRole("button", { name: `Actions for Studio rules ${tag}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Clause" });
  await edit.getByLabel("Title").fill(`Studio house rules ${tag}`);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Clause saved")).toBeVisible();
  const renamed = page.getByRole("row", { name: new RegExp(`Studio house rules ${tag}`) });
  await renamed.getByRole("button", { name: /^Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete clause" }).click();
  await expect(toast(page, "Clause deleted")).toBeVisible();
  await expect(page.getByText("No clauses found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search terms")).toBeVisible();
});
