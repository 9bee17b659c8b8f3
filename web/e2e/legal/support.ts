import { type APIRequestContext, type Browser, expect } from "@playwright/test";
import { anonKeyOf, latestMail, type TestUser } from "../auth/support";

/** The staff member's API headers, as supabase-js sends them. */
export async function staffHeaders(request: APIRequestContext, user: TestUser) {
  const apikey = await anonKeyOf(request);
  const response = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey },
    data: { email: user.email, password: user.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { apikey, authorization: `Bearer ${token}` };
}

/** A CRM contact of the test's own, with the IPI and society a producer agreement names. */
export async function createContact(
  request: APIRequestContext,
  headers: Record<string, string>,
  values: { first_name: string; last_name: string; email: string; ipi: string; pro_society: string },
) {
  const response = await request.post("/rest/v1/crm_contacts", {
    headers: { ...headers, prefer: "return=representation" },
    data: values,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }[])[0] as { id: string };
}

/** The signing link mailed to `email`, as a path on the server under test (`/sign#token=…`). */
export async function signingLinkFor(request: APIRequestContext, email: string) {
  const mail = await latestMail(request, email, "legal_signing_request");
  const url = new URL(mail.link as string);
  expect(url.pathname).toBe("/sign");
  expect(url.search, "the token travels in the fragment, never in the query").toBe("");
  return `${url.pathname}${url.hash}`;
}

/** Opens a signing link in a browser of its own (the signer has no session) and signs it. */
export async function signAs(browser: Browser, link: string, fullName: string, title: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("article", { name: `${title} (read-only)` })).toContainText(
    "Producer Agreement",
  );
  await page.getByRole("button", { name: "Sign" }).click();
  await expect(page.getByRole("alert")).toHaveText("Type your full name to sign");
  await page.getByLabel("Full name").fill(fullName);
  await page.getByRole("button", { name: "Sign" }).click();
  await expect(page.getByRole("alert")).toHaveText("Tick the box to agree to sign electronically");
  await page.getByRole("checkbox", { name: /agree to sign it electronically/ }).check();
  await page.getByRole("button", { name: "Sign" }).click();
  await expect(page.getByRole("status")).toContainText("Signed");
  // The confirmation counts the signer's own signature among the parties.
  await expect(page.getByRole("listitem").filter({ hasText: `${fullName} (you): signed` })).toBeVisible();
  await context.close();
}

/** A document made from the template of that title and sent for signatures through the API; answers its id. */
export async function sendDocumentFrom(
  request: APIRequestContext,
  headers: Record<string, string>,
  templateTitle: string,
  document: { title: string; payload: object; parties: object[] },
) {
  const templates = await request.get(
    `/rest/v1/legal_templates?title=eq.${encodeURIComponent(templateTitle)}&select=id`,
    { headers },
  );
  const [template] = (await templates.json()) as { id: string }[];
  const created = await request.post("/rest/v1/legal_documents", {
    headers: { ...headers, prefer: "return=representation" },
    data: { ...document, template_id: template?.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [row] = (await created.json()) as { id: string }[];
  const sent = await request.post("/rest/v1/rpc/send_legal_document", {
    headers,
    data: { document_id: row?.id },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return row?.id as string;
}
