import { expect, test } from "@playwright/test";

test("the single-process server serves the SPA and the API on one port", async ({ page, request }) => {
  const health = await request.get("/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });

  const apiMiss = await request.get("/api/does-not-exist");
  expect(apiMiss.status()).toBe(404);
  expect(apiMiss.headers()["content-type"]).toContain("application/json");

  await page.goto("/");
  await expect(page.locator("h1")).toHaveCount(1);
});

test("the API docs render from local assets only", async ({ page }) => {
  const external: string[] = [];
  page.on("request", (req) => {
    const host = new URL(req.url()).hostname;
    if (host !== "localhost" && host !== "127.0.0.1") external.push(req.url());
  });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/api/docs");
  await expect(page.getByText("Slussen Sound API").first()).toBeVisible();
  // Every group of the API is listed (collapsed), the last one included, and each opens on demand.
  for (const tag of ["auth", "tables", "storage", "studio"]) {
    await expect(page.locator(`#operations-tag-${tag}`)).toBeVisible();
  }
  await page.locator("#operations-tag-tables").click();
  await expect(page.getByText("/rest/v1/events").first()).toBeVisible();
  // Closing the long list of tables first keeps the page light for the next group.
  await page.locator("#operations-tag-tables").click();
  await page.locator("#operations-tag-storage").click();
  await expect(page.getByText("/storage/v1/object/public/{bucketId}/{path}").first()).toBeVisible();
  expect(external).toEqual([]);
  expect(errors).toEqual([]);
});
