import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { openSignedIn } from "../auth/support";
import { accessTokenFor, anonKey, createUser } from "../support/server";
import { expectNoSeriousViolations, toast, uniqueTag } from "./support";

const WIDTHS = [
  { name: "375 px", width: 375, height: 740 },
  { name: "1280 px", width: 1280, height: 800 },
] as const;

for (const viewport of WIDTHS) {
  test(`an administrator exports and erases a talent's personal data at ${viewport.name}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const admin = createUser("admin");
    const tag = uniqueTag();
    const email = `gdpr.${tag}@example.se`;
    const created = await request.post("/rest/v1/crm_contacts", {
      headers: {
        apikey: anonKey(),
        authorization: `Bearer ${await accessTokenFor(request, admin)}`,
        prefer: "return=representation",
      },
      data: { first_name: "Greta", last_name: `Erasable ${tag}`, email, kind: "talent" },
    });
    expect(created.status()).toBe(201);
    const [contact] = (await created.json()) as { id: string }[];

    await openSignedIn(page, admin, `/app/crm/talent/${contact?.id}`);
    const name = `Greta Erasable ${tag}`;
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export personal data" }).click();
    const file = await download;
    const exported = JSON.parse(await readFile((await file.path()) as string, "utf8"));
    expect(exported).toMatchObject({ email, found: true });
    expect(JSON.stringify(exported)).toContain(email);
    await expect(toast(page, "Personal data exported")).toBeVisible();

    await page.getByRole("button", { name: "Erase personal data" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Erase the personal data of ${name}?` });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole("button", { name: "Erase personal data" });
    await expect(confirm).toBeDisabled();
    await expectNoSeriousViolations(page, "erase dialog");
    await dialog.getByLabel(`Type ${email} to confirm`).fill(email.toUpperCase());
    await expect(confirm).toBeEnabled();
    await confirm.click();

    await expect(dialog).toBeHidden();
    await expect(toast(page, "Personal data erased")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Erased on request" })).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Erase personal data" })).toHaveCount(0);
  });
}
