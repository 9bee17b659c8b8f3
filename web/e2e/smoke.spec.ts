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
