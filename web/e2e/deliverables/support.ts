import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { latestMail } from "../auth/support";
import { toast } from "../crm/support";

/** A short, valid WAV file: a few hundred milliseconds of a quiet tone, which a browser can play. */
export function wavFile(seconds = 0.25, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(2000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A project of the test's own, through the data API. */
export async function createProject(
  request: APIRequestContext,
  headers: Record<string, string>,
  title: string,
) {
  const response = await request.post("/rest/v1/projects", {
    headers: { ...headers, prefer: "return=representation" },
    data: { title },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string; code: string; title: string }[])[0] as {
    id: string;
    code: string;
    title: string;
  };
}

/** The approval link mailed to `email`, as a path on the server under test (`/approve#token=…`). */
export async function approvalLinkFor(request: APIRequestContext, email: string) {
  const mail = await latestMail(request, email, "deliverable_approval_request");
  const url = new URL(mail.link as string);
  expect(url.pathname).toBe("/approve");
  expect(url.search, "the token travels in the fragment, never in the query").toBe("");
  return `${url.pathname}${url.hash}`;
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
export async function expectNoHorizontalOverflow(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Makes a deliverable for the project through the New deliverable dialog; `fill` sets any further fields
 * before it is created. Answers the deliverable's sheet, opened from its row.
 */
export async function createDeliverable(
  page: Page,
  project: { code: string; title: string },
  title: string,
  fill: (dialog: Locator) => Promise<void> = async () => {},
) {
  await page.goto("/app/deliverables");
  await expect(page.getByRole("heading", { level: 1, name: "Deliverables" })).toBeVisible();
  await page.getByRole("button", { name: "New deliverable" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New deliverable" });
  await dialog.getByLabel("Project").selectOption({ label: `${project.code} · ${project.title}` });
  await dialog.getByLabel("Title").fill(title);
  await fill(dialog);
  await dialog.getByRole("button", { name: "Create deliverable" }).click();
  await expect(toast(page, "Deliverable created")).toBeVisible();
  await page.getByRole("button", { name: title }).click();
  return page.getByRole("dialog", { name: title });
}

/** Uploads a short WAV as the deliverable's next version, with its note. */
export async function uploadVersion(page: Page, sheet: Locator, note: string) {
  await sheet
    .getByLabel("New version", { exact: true })
    .setInputFiles({ name: "master.wav", mimeType: "audio/wav", buffer: wavFile() });
  await sheet.getByLabel("Note", { exact: true }).fill(note);
  await sheet.getByRole("button", { name: "Upload version" }).click();
  await expect(toast(page, "Version uploaded")).toBeVisible();
}

/** Sends the latest version to the client for approval by e-mail. */
export async function sendForApproval(page: Page, sheet: Locator, email: string) {
  await sheet.getByLabel("Client's e-mail").fill(email);
  await sheet.getByRole("button", { name: "Send for approval" }).click();
  await expect(toast(page, "Sent for approval")).toBeVisible();
}
