import { expect, test } from "@playwright/test";
import { accessTokenFor, anonKey } from "../support/server";
import { signInAsStaff, uniqueTag } from "./support";

/*
 * Two colleagues open the same deal: each sees the other named above the form (realtime Presence), and
 * the name goes when the other closes it.
 */
test("two colleagues editing one deal see each other's name above its form", async ({
  page,
  browser,
  request,
}) => {
  const title = `Presence deal ${uniqueTag()}`;
  const anna = await signInAsStaff(page, request);
  const created = await request.post("/rest/v1/crm_deals", {
    headers: {
      apikey: anonKey(),
      authorization: `Bearer ${await accessTokenFor(request, { email: anna.email, password: anna.password })}`,
    },
    data: { title, stage: "prospect" },
  });
  expect(created.status(), await created.text()).toBe(201);

  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  const bo = await signInAsStaff(other, request);
  for (const p of [page, other]) {
    await p.goto("/app/crm/deals");
    await p.getByRole("button", { name: title, exact: true }).click();
    await expect(p.getByRole("dialog", { name: "Edit deal" })).toBeVisible();
  }
  await expect(page.getByRole("status").filter({ hasText: `${bo.fullName} is editing` })).toBeVisible();
  await expect(other.getByRole("status").filter({ hasText: `${anna.fullName} is editing` })).toBeVisible();

  await other.getByRole("dialog", { name: "Edit deal" }).getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText(`${bo.fullName} is editing`)).toBeHidden();
  await elsewhere.close();
});
