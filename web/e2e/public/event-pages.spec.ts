import type { APIRequestContext, Page } from "@playwright/test";
import { createConfirmedUser } from "../auth/support";
import { staffHeaders } from "../legal/support";
import { expectNoSeriousViolationsAtEachSize } from "../support/axe";
import { expect, openPage, test, waitForHydration } from "./fixtures";

/*
 * The public events list (/events, where the home page's SEE MORE leads) and each published event's own
 * page (/events/:id, where "Event Info" leads and what a share links to): its head is written per
 * request, so an event's page exists as soon as it is published and is not found once it is not.
 */

async function staffApi(request: APIRequestContext) {
  const headers = await staffHeaders(request, await createConfirmedUser(request, "staff"));
  return {
    async create(values: Record<string, unknown>) {
      const res = await request.post("/rest/v1/events", {
        headers: { ...headers, prefer: "return=representation" },
        data: values,
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: string }[])[0]?.id as string;
    },
    async update(id: string, values: Record<string, unknown>) {
      const res = await request.patch(`/rest/v1/events?id=eq.${id}`, { headers, data: values });
      expect(res.status(), await res.text()).toBe(204);
    },
  };
}

const ogOf = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

async function expectNotFound(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
}

test("SEE MORE lists every upcoming event, and Event Info opens the event's own page", async ({
  page,
  consoleErrors,
}) => {
  await openPage(page, "/");
  await page.getByRole("link", { name: /SEE MORE/ }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Events");
  const list = page.getByRole("main").getByRole("list").first();
  await expect(list.getByRole("heading", { name: "Songwriter Circle: Södermalm Sessions" })).toBeVisible();
  const titles = await list.getByRole("heading", { level: 3 }).allTextContents();
  // Only what is still to come: the past demo events are not listed.
  expect(titles).not.toContain("Royalty Splits Clinic");
  expect(titles).not.toContain("Pitch & Party: Autumn Edition");
  expect(titles.indexOf("Songwriter Circle: Södermalm Sessions")).toBeLessThan(
    titles.indexOf("Winter Showcase"),
  );

  await page.getByRole("link", { name: "Event Info: Songwriter Circle: Södermalm Sessions" }).click();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Songwriter Circle: Södermalm Sessions");
  await expect(page.locator("main time")).toHaveText(/^\w{3}, \d{1,2} \w{3} 20\d\d, \d{2}:\d{2} CES?T$/);
  await expect(page.getByRole("link", { name: /Tickets and more from the organiser/ })).toHaveAttribute(
    "href",
    "https://example.com/events/songwriter-circle",
  );
  await expect(page).toHaveTitle("Songwriter Circle: Södermalm Sessions | Slussen Sound");
  expect(consoleErrors).toEqual([]);
});

test("a published event's page exists at once with its preview tags; a draft's and an unpublished one's are not found", async ({
  page,
  request,
  consoleErrors,
}) => {
  const api = await staffApi(request);
  const tag = Date.now().toString(36);
  const published = await api.create({
    title: `Harbour Session ${tag}`,
    description: "Acoustic sets by the water.",
    event_date: "2031-07-18T17:30:00.000Z",
    location: "Slussen, Stockholm",
    image_url: "/images/events/winter-showcase.svg",
    published: true,
  });
  const draft = await api.create({ title: `Unannounced Session ${tag}` });

  const html = await (await request.get(`/events/${published}`)).text();
  expect(ogOf(html, "og:title")).toBe(`Harbour Session ${tag} | Slussen Sound`);
  expect(ogOf(html, "og:description")).toBe(
    "Fri, 18 Jul 2031, 19:30 CEST · Slussen, Stockholm. Acoustic sets by the water.",
  );
  expect(ogOf(html, "og:image")).toMatch(/^https?:\/\/[^/]+\/images\/events\/winter-showcase\.svg$/);
  expect(ogOf(html, "og:url")).toMatch(new RegExp(`/events/${published}$`));
  expect(ogOf(html, "event:start_time")).toBe("2031-07-18T17:30:00.000Z");

  await page.goto(`/events/${published}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Harbour Session ${tag}`);
  await expect(page.locator("main time")).toHaveText("Fri, 18 Jul 2031, 19:30 CEST");
  const poster = page.getByRole("img", { name: `Poster for Harbour Session ${tag}` });
  await expect
    .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // The prerendered loading state hydrated without a mismatch.
  expect(consoleErrors).toEqual([]);

  expect((await request.get(`/events/${draft}`)).status()).toBe(404);
  await expectNotFound(page, `/events/${draft}`);
  await expect(page.getByText(`Unannounced Session ${tag}`)).toHaveCount(0);

  await api.update(published, { published: false });
  expect((await request.get(`/events/${published}`)).status()).toBe(404);
  await expectNotFound(page, `/events/${published}`);
});

test("the events list and an event's page pass axe at 375 and 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openPage(page, "/events");
  await expect(page.getByText(/^\d+ max attendees$/).first()).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "events list");
  await page.getByRole("link", { name: "Event Info: Winter Showcase" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Winter Showcase");
  await expect(page.getByRole("img", { name: "Poster for Winter Showcase" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "event page");
});
