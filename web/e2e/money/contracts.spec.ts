import { type APIRequestContext, expect, test } from "@playwright/test";
import { signInAsStaff, uniqueTag } from "../crm/support";
import { sendDocumentFrom, signingLinkFor, staffHeaders } from "../legal/support";
import { expectNoSeriousViolationsAtEachSize } from "../support/axe";

const SIZES = [
  { width: 375, height: 900 },
  { width: 1280, height: 900 },
];

type Headers = Record<string, string>;

/** A Mutual NDA with one signer, sent for signature; signed through the mailed link when `sign` is set. */
async function ndaWith(
  request: APIRequestContext,
  headers: Headers,
  name: string,
  options: { sign: boolean },
) {
  const tag = uniqueTag();
  const email = `counterparty.${tag}@example.com`;
  const id = await sendDocumentFrom(request, headers, "Mutual NDA", {
    title: `NDA: ${name}`,
    payload: {
      variables: { counterparty: { name, email }, effective_date: "2026-11-02", purpose: "Demos for an EP" },
    },
    parties: [{ name, email, role: "signer" }],
  });
  if (options.sign) {
    const token = new URLSearchParams((await signingLinkFor(request, email)).split("#")[1]).get("token");
    const signed = await request.post("/api/sign", { data: { token, full_name: name, consent: true } });
    expect(signed.status(), await signed.text()).toBe(200);
  }
  return id;
}

/** A row of `table`, answered by the API (the project's code, the draft invoice's id). */
async function insertRow(request: APIRequestContext, headers: Headers, table: string, data: object) {
  const response = await request.post(`/rest/v1/${table}`, {
    headers: { ...headers, prefer: "return=representation" },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string; code?: string }[])[0] as { id: string; code?: string };
}

test("the contracts screen lists fully signed documents, by counterparty and project, at 375 and 1280 px", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 900 });
  const user = await signInAsStaff(page, request);
  const headers = await staffHeaders(request, user);
  const tag = uniqueTag();
  const signedName = `Nordljus ${tag}`;
  const otherName = `Klangwerk ${tag}`;
  const signedId = await ndaWith(request, headers, signedName, { sign: true });
  await ndaWith(request, headers, otherName, { sign: true });
  await ndaWith(request, headers, `Unsigned ${tag}`, { sign: false });
  // A project whose signed contract is the first NDA, and a draft invoice of that project.
  const project = await insertRow(request, headers, "projects", {
    title: `Sync ${tag}`,
    legal_document_id: signedId,
  });
  const invoice = await insertRow(request, headers, "invoices", {
    project_id: project.id,
    buyer_name: signedName,
  });

  await page.goto("/app/contracts");
  await expect(page.getByRole("heading", { level: 1, name: "Contracts" })).toBeVisible();
  const table = page.getByRole("table", { name: "Contracts" });
  await expect(table.getByRole("link", { name: `NDA: ${signedName}` })).toBeVisible();
  await expect(table.getByRole("link", { name: `NDA: ${otherName}` })).toBeVisible();
  // Sent but not signed: a document, not yet a contract.
  await expect(table.getByRole("link", { name: `NDA: Unsigned ${tag}` })).toHaveCount(0);
  await expectNoSeriousViolationsAtEachSize(page, "contracts", SIZES);

  const signedRow = table.getByRole("row").filter({ hasText: `NDA: ${signedName}` });
  await expect(signedRow.getByRole("link", { name: new RegExp(`^${project.code}`) })).toHaveAttribute(
    "href",
    `/app/projects/${project.id}`,
  );
  await expect(signedRow.getByRole("link", { name: "Draft" })).toHaveAttribute(
    "href",
    `/app/invoices/${invoice.id}`,
  );
  await page.getByLabel("Project", { exact: true }).selectOption({ label: `${project.code} · Sync ${tag}` });
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "All projects" });

  await page.getByLabel("Counterparty").selectOption(signedName);
  await expect(page).toHaveURL(
    new RegExp(`counterparty=${encodeURIComponent(signedName).replace(/%20/g, "\\+")}`),
  );
  await expect(table.getByRole("row")).toHaveCount(2); // the header and the one contract
  await expect(table.getByRole("link", { name: `NDA: ${otherName}` })).toHaveCount(0);

  await page.getByLabel("Search").fill("no such contract");
  await expect(page.getByRole("heading", { name: "No contracts match" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "contracts filtered to none", SIZES);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(table.getByRole("link", { name: `NDA: ${otherName}` })).toBeVisible();

  await table.getByRole("link", { name: `NDA: ${signedName}` }).click();
  await expect(page).toHaveURL(`/app/legal/${signedId}`);
  await expect(page.getByRole("heading", { name: "Signatures: 1 of 1 signed" })).toBeVisible();
});
