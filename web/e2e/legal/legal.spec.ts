import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signInAsStaff, uniqueTag } from "../crm/support";
import { createContact, signAs, signingLinkFor, staffHeaders } from "./support";

/*
 * A producer agreement from its seeded template, against the real server: the producer comes from a CRM
 * contact (the server fills the name, e-mail, IPI and society), both signers sign through their mailed
 * links in browsers of their own, and the fully signed document downloads as real PDF and DOCX files.
 */

async function downloadFirstBytes(page: Page, name: string) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), head: readFileSync(path).subarray(0, 4).toString("latin1") };
}

test("a producer agreement is created from a contact, sent, signed by both parties and then frozen", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await signInAsStaff(page, request);
  const headers = await staffHeaders(request, user);
  const tag = uniqueTag();
  const producerEmail = `pia.${tag}@example.com`;
  const labelEmail = `sven.${tag}@example.com`;
  const title = `Producer Agreement ${tag}`;
  await createContact(request, headers, {
    first_name: "Pia",
    last_name: `Producent${tag}`,
    email: producerEmail,
    ipi: "00014107338",
    pro_society: "STIM",
  });

  await page.goto("/app/legal/templates");
  const card = page.getByRole("article", { name: "Producer Agreement", exact: true });
  await card.getByRole("link", { name: "Use Template" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Document" })).toBeVisible();
  await expect(page.getByLabel("Template")).toHaveValue(/.+/);

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Find a contact").fill(`Producent${tag}`);
  await page
    .getByLabel("Contact", { exact: true })
    .selectOption({ label: `Pia Producent${tag} (${producerEmail})` });
  await expect(page.getByText("Producer: filled from the source contact")).toBeVisible();
  // The picked contact is added as a signer.
  await expect(page.getByLabel("Party 1 e-mail")).toHaveValue(producerEmail);
  await page.getByLabel("Project title").fill("Velvet Nights");
  await page.getByLabel("Artist").fill("Nova Lind");
  await page.getByLabel("Fee (SEK)").fill("25000");
  await page.getByLabel("Producer royalty (%)").fill("3");
  await page.getByLabel("Delivery date").fill("2026-12-18");
  await page.getByRole("button", { name: "Add party" }).click();
  await page.getByLabel("Party 2 name").fill("Sven Label");
  await page.getByLabel("Party 2 e-mail").fill(labelEmail);
  await page.getByRole("button", { name: "Create Document" }).click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/legal\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download PDF" })).toHaveCount(0);
  await page.getByRole("button", { name: "Render" }).click();
  const preview = page.getByRole("article", { name: `${title} (preview)` });
  await expect(preview).toContainText(`Pia Producent${tag}`);
  await expect(preview).toContainText("IPI 00014107338, STIM");
  await expect(preview).toContainText("25000 SEK");
  await expect(page.getByRole("button", { name: "Download PDF" })).toBeVisible();

  const documentPage = page.url();
  const signedBefore = await contractsSignedFigure(page);
  await page.goto(documentPage);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Awaiting Signatures", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Signatures: 0 of 2 signed" })).toBeVisible();

  const producerLink = await signingLinkFor(request, producerEmail);
  const labelLink = await signingLinkFor(request, labelEmail);
  await signAs(browser, producerLink, `Pia Producent${tag}`, title);
  await page.reload();
  await expect(page.getByText("Partially Signed", { exact: true })).toBeVisible();
  await signAs(browser, labelLink, "Sven Label", title);

  await page.reload();
  await expect(page.getByText("Fully Signed", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Signatures: 2 of 2 signed" })).toBeVisible();
  // The certificate's record is readable here too, not only inside the PDF.
  const trail = page.getByRole("list", { name: "Audit trail" });
  await expect(trail.getByRole("listitem").first()).toContainText("Signed by everyone");
  await expect(trail).toContainText(`Pia Producent${tag}`);
  await expect(trail).toContainText("Sent for signatures");
  await expect(page.getByText("Signed PDF (SHA-256)").locator("xpath=following-sibling::dd[1]")).toHaveText(
    /^[0-9a-f]{64}$/,
  );
  const pdf = await downloadFirstBytes(page, "Download PDF");
  expect(pdf.head).toBe("%PDF");
  expect(pdf.name).toMatch(/\.pdf$/);
  const docx = await downloadFirstBytes(page, "Download DOCX");
  expect(docx.head.slice(0, 2)).toBe("PK");
  expect(docx.name).toMatch(/\.docx$/);

  // Signed means frozen: Edit is refused, with the reason, and so is a write through the API.
  await expect(page.getByRole("button", { name: "Edit" })).toBeDisabled();
  await expect(page.getByText(/Only drafts can be edited/)).toBeVisible();
  await page.goto(`${new URL(page.url()).pathname}?edit=1`);
  await expect(page.getByLabel("Title", { exact: true })).toHaveCount(0);
  const id = new URL(page.url()).pathname.split("/").at(-1);
  const patched = await request.patch(`/rest/v1/legal_documents?id=eq.${id}`, {
    headers,
    data: { title: "Changed after signing" },
  });
  expect(patched.status()).toBe(409);

  // A used link is dead, and says so.
  const signer = await browser.newContext();
  const signerPage = await signer.newPage();
  await signerPage.goto(producerLink);
  await expect(signerPage.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  await signer.close();

  await page.goto("/app/legal/documents");
  await page.getByRole("searchbox", { name: "Search documents" }).fill(tag);
  const row = page.getByRole("article", { name: title });
  await expect(row.getByText("Fully Signed")).toBeVisible();
  // The template's title comes embedded in the list's one read of the documents.
  await expect(row.getByText(/^From Producer Agreement ·/)).toBeVisible();
  await expect(row.getByTestId("signatures-indicator")).toHaveText("Signatures: 2 of 2 signed");
  await expect(row.getByRole("link", { name: "Edit" })).toHaveCount(0);

  // The A&R dashboard counts it among this year's signed contracts.
  expect(await contractsSignedFigure(page)).toBe(signedBefore + 1);
});

/** The A&R dashboard's Contracts Signed figure, once it has loaded. */
async function contractsSignedFigure(page: Page) {
  await page.goto("/app/crm");
  const value = page
    .getByRole("heading", { name: "Contracts Signed" })
    .locator("xpath=../following-sibling::p[1]");
  await expect(value).toHaveText(/^\d+$/);
  return Number(await value.textContent());
}

test("sending a draft without signers is refused with the server's problems, and a draft can be deleted", async ({
  page,
  request,
}) => {
  const user = await signInAsStaff(page, request);
  const headers = await staffHeaders(request, user);
  const tag = uniqueTag();
  const templates = await request.get("/rest/v1/legal_templates?title=eq.Mutual%20NDA&select=id", {
    headers,
  });
  const [nda] = (await templates.json()) as { id: string }[];
  const created = await request.post("/rest/v1/legal_documents", {
    headers: { ...headers, prefer: "return=representation" },
    data: { title: `Unsent NDA ${tag}`, template_id: nda?.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [document] = (await created.json()) as { id: string }[];

  await page.goto(`/app/legal/${document?.id}`);
  await page.getByRole("button", { name: "Send" }).click();
  const problems = page.getByRole("alert").filter({ has: page.getByRole("listitem") });
  await expect(problems.getByRole("listitem").first()).toBeVisible();
  await expect(problems).toContainText(/signer/i);
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();

  // Fixed elsewhere (a signer added) and rendered again: the refusal was about the old draft, and goes.
  const fixed = await request.patch(`/rest/v1/legal_documents?id=eq.${document?.id}`, {
    headers,
    data: { parties: [{ name: "Ada Signer", email: `ada.${tag}@example.com`, role: "signer" }] },
  });
  expect(fixed.status(), await fixed.text()).toBe(204);
  await page.getByRole("button", { name: "Render" }).click();
  await expect(page.getByRole("article", { name: /\(preview\)$/ })).toBeVisible();
  await expect(problems).toHaveCount(0);

  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete document" }).click();
  await expect(page).toHaveURL(/\/app\/legal\/documents$/);
  await page.getByRole("searchbox", { name: "Search documents" }).fill(tag);
  await expect(page.getByText("No documents found")).toBeVisible();
});
