import { expect, test } from "@playwright/test";
import { accessTokenFor, anonKey } from "../support/server";
import { boardColumn, signInAsStaff, uniqueTag } from "./support";

/*
 * Two colleagues on the deals board: a deal one of them adds (here through the data API, as an
 * integration would) and then moves shows up in the other's board without a reload, once.
 */
test("a colleague's new deal and its move appear on the other's deals board without a reload", async ({
  page,
  browser,
  request,
}) => {
  const title = `Live deal ${uniqueTag()}`;
  const anna = await signInAsStaff(page, request);
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signInAsStaff(other, request);
  await other.goto("/app/crm/deals");
  await expect(boardColumn(other, "Prospect")).toBeVisible();
  // Loaded once: the deal must come from the change feed, not from this page's first read.
  let reloads = 0;
  other.on("framenavigated", (frame) => {
    if (frame === other.mainFrame()) reloads += 1;
  });

  const token = await accessTokenFor(request, { email: anna.email, password: anna.password });
  const created = await request.post("/rest/v1/crm_deals", {
    headers: { apikey: anonKey(), authorization: `Bearer ${token}`, prefer: "return=representation" },
    data: { title, stage: "prospect" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const card = other.getByRole("button", { name: title, exact: true });
  await expect(
    boardColumn(other, "Prospect").getByRole("button", { name: title, exact: true }),
  ).toBeVisible();

  await page.goto("/app/crm/deals");
  const menuButton = page.getByRole("button", { name: `Move to… (${title})` });
  await menuButton.click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Negotiation" }).click();
  await expect(
    boardColumn(page, "Negotiation").getByRole("button", { name: title, exact: true }),
  ).toBeVisible();

  await expect(
    boardColumn(other, "Negotiation").getByRole("button", { name: title, exact: true }),
  ).toBeVisible();
  await expect(card).toHaveCount(1);
  expect(reloads).toBe(0);
  await elsewhere.close();
});
