import { expect, type Request, test } from "@playwright/test";
import { createConfirmedUser, expectShell, signInWithForm, toast } from "./support";

/*
 * Runs in the "chromium-short-jwt" project, whose server issues access tokens for 100 s: the client's 30 s
 * ticker reaches the 90 s threshold within the first tick, and by the end the first token has expired.
 */
const JWT_EXPIRY_MS = 100_000;

const isRefresh = (req: Request) =>
  req.method() === "POST" && req.url().includes("/auth/v1/token?grant_type=refresh_token");
const isTalentRead = (req: Request) => req.method() === "GET" && req.url().includes("/rest/v1/crm_contacts");

test("the session refreshes silently while the page stays open and data calls keep working", async ({
  page,
  request,
}) => {
  test.setTimeout(JWT_EXPIRY_MS + 60_000);
  const user = await createConfirmedUser(request, "staff");
  await page.goto("/auth");
  const signIn = page.waitForResponse(
    (res) => res.request().method() === "POST" && res.url().includes("grant_type=password"),
  );
  await signInWithForm(page, user);
  const firstToken = ((await (await signIn).json()) as { access_token: string }).access_token;
  const signedInAt = Date.now();
  await expectShell(page);

  // The dashboard's data calls carry a token that is still fresh, so this refresh can only come from the ticker.
  const refresh = await page.waitForResponse((res) => isRefresh(res.request()), { timeout: 40_000 });
  expect(refresh.status()).toBe(200);

  // Wait until the server would refuse the first token, then read data with the page never reloaded.
  await page.waitForTimeout(Math.max(0, signedInAt + JWT_EXPIRY_MS + 2_000 - Date.now()));
  const talentRead = page.waitForResponse((res) => isTalentRead(res.request()));
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Talent" }).click();
  const response = await talentRead;

  // The first talent page of a longer list, with its total: PostgREST's 206 Partial Content.
  expect(response.status()).toBe(206);
  expect(response.request().headers().authorization).not.toBe(`Bearer ${firstToken}`);
  await expect(page.getByText(/^Showing 1–50 of \d+$/)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/crm\/talent$/);
  await expect(toast(page, "Signed out")).toHaveCount(0);
  await expect(toast(page, "Failed to load talent list")).toHaveCount(0);
});
