import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signInAsStaff } from "../crm/support";
import { signingLinkFor, staffHeaders } from "./support";

const WIDTHS = [
  { name: "375 px", width: 375, height: 740 },
  { name: "1280 px", width: 1280, height: 800 },
] as const;

for (const viewport of WIDTHS) {
  test(`the legal screens and the signing page pass axe at ${viewport.name}`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const user = await signInAsStaff(page, request);
    const headers = await staffHeaders(request, user);

    await page.goto("/app/legal");
    await expect(page.getByText("View all documents")).toBeVisible();
    await expectNoSeriousViolations(page, "legal overview");
    await page.goto("/app/legal/documents");
    await expect(page.getByRole("article").first()).toBeVisible();
    await expectNoSeriousViolations(page, "documents");
    await page.goto("/app/legal/templates");
    await expect(page.getByRole("article").first()).toBeVisible();
    await expectNoSeriousViolations(page, "templates");
    await page.goto("/app/legal/clauses/new");
    await page
      .getByRole("dialog", { name: "New Clause" })
      .getByRole("button", { name: "Create Clause" })
      .click();
    await expect(page.getByRole("dialog").getByText("Required").first()).toBeVisible();
    await expectNoSeriousViolations(page, "clause dialog with errors");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("table")).toBeVisible();
    await expectNoSeriousViolations(page, "clauses");

    await page.goto("/app/legal/templates");
    await page
      .getByRole("article", { name: "Producer Agreement", exact: true })
      .getByRole("link", { name: "Edit" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Template" })).toBeVisible();
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("article", { name: "Template preview with sample values" })).toBeVisible();
    await expectNoSeriousViolations(page, "template editor with preview");
    await page.goto("/app/legal/templates");
    await page
      .getByRole("article", { name: "Producer Agreement", exact: true })
      .getByRole("link", { name: "Use Template" })
      .click();
    await page.getByLabel("Find a contact").fill("a");
    await expectNoSeriousViolations(page, "new document");

    // A document of this test's own, sent, so its signing page is live.
    const templates = await request.get("/rest/v1/legal_templates?title=eq.Mutual%20NDA&select=id", {
      headers,
    });
    const [nda] = (await templates.json()) as { id: string }[];
    const email = `a11y.${Date.now()}.${viewport.width}@example.com`;
    const created = await request.post("/rest/v1/legal_documents", {
      headers: { ...headers, prefer: "return=representation" },
      data: {
        title: `A11y NDA ${viewport.width}`,
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
    await expectNoSeriousViolations(page, "document page");
    await page.getByRole("button", { name: "Void" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Void document" }).click();
    await expect(page.getByRole("alertdialog").getByText("Voiding needs a reason")).toBeVisible();
    await expectNoSeriousViolations(page, "void dialog with error");
    await page.keyboard.press("Escape");

    const signer = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    const signerPage = await signer.newPage();
    await signerPage.goto(await signingLinkFor(request, email));
    await expect(signerPage.getByRole("button", { name: "Sign" })).toBeVisible();
    await expectNoSeriousViolations(signerPage, "signing page");
    // Voided, the link is dead at once.
    await page.getByRole("button", { name: "Void" }).click();
    await page.getByRole("alertdialog").getByLabel("Reason").fill("Accessibility check done");
    await page.getByRole("alertdialog").getByRole("button", { name: "Void document" }).click();
    await expect(page.getByText("Voided: Accessibility check done")).toBeVisible();
    await signerPage.reload();
    await expect(signerPage.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
    await expectNoSeriousViolations(signerPage, "dead signing link");
    await signer.close();
  });
}
