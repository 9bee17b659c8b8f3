import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EVENT_PAGE_ROUTE } from "@app/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { WEB_TEMPLATE } from "./support/web-template";

/*
 * An event's public page, /events/:id: its head (title, description, link-preview tags with the poster
 * and the time) comes from the database on each request, so a newly published event has its page at once
 * and a draft or unpublished one is a 404, with no rebuild.
 */
const SITE_URL = "https://www.slussensound.example";
const SHELL = "<main><p>Loading events...</p></main>";

let ctx: TestContext;
let staff: string;

beforeAll(async () => {
  const distDir = join(mkdtempSync(join(tmpdir(), "web-dist-")), "dist");
  mkdirSync(join(distDir, ".vite"), { recursive: true });
  writeFileSync(join(distDir, "index.html"), WEB_TEMPLATE);
  writeFileSync(join(distDir, ".vite", "prerendered.json"), JSON.stringify({ [EVENT_PAGE_ROUTE]: SHELL }));
  ctx = await createTestContext({ env: { WEB_DIST: distDir, SITE_URL, RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
});
afterAll(() => ctx.close());

const asStaff = (method: "post" | "patch", path: string) =>
  request(ctx.app)
    [method](`/rest/v1/events${path}`)
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${staff}`)
    .set("Prefer", "return=representation");

async function createEvent(row: Record<string, unknown>): Promise<string> {
  const res = await asStaff("post", "").send(row);
  expect(res.status, res.text).toBe(201);
  return res.body[0].id;
}

const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

describe("an event's page", () => {
  it("carries the published event's title, time, place, poster and address for link previews", async () => {
    const id = await createEvent({
      title: `Winter Showcase <live> & "friends"`,
      description: "Our roster's newest releases, live.",
      event_date: "2031-01-17T18:30:00.000Z",
      location: "Nalen, Stockholm",
      image_url: "/storage/v1/object/public/event-posters/abc/poster.png",
      published: true,
    });
    const res = await request(ctx.app).get(`/events/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    const html = res.text;
    expect(html).toContain(
      "<title>Winter Showcase &lt;live&gt; &amp; &quot;friends&quot; | Slussen Sound</title>",
    );
    expect(html).not.toContain("<live>");
    expect(meta(html, "og:title")).toBe(
      "Winter Showcase &lt;live&gt; &amp; &quot;friends&quot; | Slussen Sound",
    );
    // The venue's time, named with its zone, whoever previews the link.
    expect(meta(html, "og:description")).toBe(
      "Fri, 17 Jan 2031, 19:30 CET · Nalen, Stockholm. Our roster's newest releases, live.",
    );
    expect(meta(html, "og:image")).toBe(`${SITE_URL}/storage/v1/object/public/event-posters/abc/poster.png`);
    expect(meta(html, "og:url")).toBe(`${SITE_URL}/events/${id}`);
    expect(meta(html, "event:start_time")).toBe("2031-01-17T18:30:00.000Z");
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/events/${id}">`);
    expect(html).not.toContain("noindex");
    expect(html).toContain(`<div id="root">${SHELL}</div>`);
  });

  it("previews with the site's own picture when the event has no poster, and a web poster as it is", async () => {
    const plain = await createEvent({ title: "Open Mic", published: true });
    const plainHtml = (await request(ctx.app).get(`/events/${plain}`)).text;
    expect(meta(plainHtml, "og:image")).toBe(`${SITE_URL}/og-image.png`);
    expect(meta(plainHtml, "og:image:width")).toBe("1200");
    expect(meta(plainHtml, "og:description")).toBe("Date to be announced");
    expect(meta(plainHtml, "event:start_time")).toBeUndefined();

    const web = await createEvent({
      title: "Rooftop",
      image_url: "https://images.example.com/rooftop.jpg",
      published: true,
    });
    expect(meta((await request(ctx.app).get(`/events/${web}`)).text, "og:image")).toBe(
      "https://images.example.com/rooftop.jpg",
    );
  });

  it("is a 404 for a draft, an unknown id and a path that is no id, telling nothing of the draft", async () => {
    const draft = await createEvent({ title: "Secret Afterparty", location: "Hidden Bar" });
    for (const path of [
      `/events/${draft}`,
      `/events/${draft.toUpperCase()}`,
      "/events/00000000-0000-4000-8000-000000000000",
      "/events/not-an-id",
      "/events/'%20or%201=1--",
    ]) {
      const res = await request(ctx.app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain('<meta name="robots" content="noindex">');
      expect(res.text).not.toMatch(/Secret Afterparty|Hidden Bar|og:title/);
      expect(res.text).not.toContain(SHELL);
    }
  });

  it("exists as soon as its event is published, changes with it and is gone once it is unpublished", async () => {
    const id = await createEvent({ title: "Pop-up Gig" });
    const page = () => request(ctx.app).get(`/events/${id}`);
    expect((await page()).status).toBe(404);

    expect((await asStaff("patch", `?id=eq.${id}`).send({ published: true })).status).toBe(200);
    const published = await page();
    expect(published.status).toBe(200);
    expect(meta(published.text, "og:title")).toBe("Pop-up Gig | Slussen Sound");
    expect((await request(ctx.app).head(`/events/${id}`)).status).toBe(200);

    expect((await asStaff("patch", `?id=eq.${id}`).send({ title: "Pop-up Gig (moved)" })).status).toBe(200);
    expect(meta((await page()).text, "og:title")).toBe("Pop-up Gig (moved) | Slussen Sound");

    expect((await asStaff("patch", `?id=eq.${id}`).send({ published: false })).status).toBe(200);
    expect((await page()).status).toBe(404);
  });
});
