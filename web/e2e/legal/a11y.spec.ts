import { expect, test } from "@playwright/test";
import { signInAsStaff } from "../crm/support";
import { expectNoSeriousViolationsAtEachSize } from "../support/axe";
import { signingLinkFor, staffHeaders } from "./support";

test("the legal screens and the signing page pass axe at 375 and 1280 px", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const user = await signInAsStaff(page, request);
  const headers = await staffHeaders(request, user);

  await page.goto("/app/legal");
  await expect(page.getByText("View all documents")).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "legal overview");
  await page.goto("/app/legal/documents");
  await expect(page.getByRole("article").first()).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "documents");
  await page.goto("/app/legal/templates");
  await expect(page.getByRole("article").first()).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "templates");
  await page.goto("/app/legal/clauses/new");
  await page
    .getByRole("dialog", { name: "New Clause" })
    .getByRole("button", { name: "Create Clause" })
    .click();
  await expect(page.getByRole("dialog").getByText("Required").first()).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "clause dialog with errors");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("table")).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "clauses");

  await page.goto("/app/legal/templates");
  await page
    .getByRole("article", { name: "Producer Agreement", exact: true })
    .getByRole("link", { name: "Edit" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Template" })).toBeVisible();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("article", { name: "Template preview with sample values" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "template editor with preview");
  await page.goto("/app/legal/templates");
  await page
    .getByRole("article", { name: "Producer Agreement", exact: true })
    .getByRole("link", { name: "Use Template" })
    .click();
  await page.getByLabel("Find a contact").fill("a");
  await expectNoSeriousViolationsAtEachSize(page, "new document");

  // A document of this test's own, sent, so its signing page is live.
  const templates = await request.get("/rest/v1/legal_templates?title=eq.Mutual%20NDA&select=id", {
    headers,
  });
  const [nda] = (await templates.json()) as { id: string }[];
  const email = `a11y.${Date.now()}@example.com`;
  const created = await request.post("/rest/v1/legal_documents", {
    headers: { ...headers, prefer: "return=representation" },
    data: {
      title: "A11y NDA",
      template_id: nda?.id,
      payload: {
        variables: {
          counterparty: { name: "Alva Axe", email },
          effective_date: "2026-12-01",
          purpose: "Listening to unreleased mixes",
        },
      },
      parties: [{ name: "Alva Axe", email, role: "signer" }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [document] = (await created.json()) as { id: string }[];
  await page.goto(`/app/legal/${document?.id}`);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Awaiting Signatures", { exact: true })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "document page");
  await page.getByRole("button", { name: "Void" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Void document" }).click();
  await expect(page.getByRole("alertdialog").getByText("Voiding needs a reason")).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "void dialog with error");
  await page.keyboard.press("Escape");

  const signer = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const signerPage = await signer.newPage();
  await signerPage.goto(await signingLinkFor(request, email));
  await expect(signerPage.getByRole("button", { name: "Sign" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(signerPage, "signing page");
  // Voided, the link is dead at once.
  await page.getByRole("button", { name: "Void" }).click();
  await page.getByRole("alertdialog").getByLabel("Reason").fill("Accessibility check done");
  await page.getByRole("alertdialog").getByRole("button", { name: "Void document" }).click();
  await expect(page.getByText("Voided: Accessibility check done")).toBeVisible();
  await signerPage.reload();
  await expect(signerPage.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(signerPage, "dead signing link");
  await signer.close();
});
