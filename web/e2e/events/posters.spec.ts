import { expect, type Locator, test } from "@playwright/test";
import { signInAsStaff, toast, uniqueTag } from "../crm/support";
import { decodedWidth } from "../support/images";

/** A 20×30 PNG: a portrait poster, whose shape shows whether it was cropped. */
const PORTRAIT_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABQAAAAeCAIAAACjcKk8AAAAHklEQVR42mM4oaFBNmIY1TyqeVTzqOZRzaOah7NmAJxrkF/BlSj2AAAAAElFTkSuQmCC",
  "base64",
);

/** The image's decoded width (0 while it is blocked or broken) and its drawn box's shape. */
const drawn = async (image: Locator) => ({
  naturalWidth: await decodedWidth(image),
  ...(await image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    return { ratio: Math.round((box.width / box.height) * 100) / 100, fit: getComputedStyle(img).objectFit };
  })),
});

test("a picked poster previews in the form, and the site shows posters whole, at their own shape", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const title = `Portrait Poster ${uniqueTag()}`;
  await signInAsStaff(page, request, "/app/events");
  await page.getByRole("button", { name: "New Event" }).click();
  const dialog = page.getByRole("dialog", { name: "New Event" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel(/^Date and time/).fill("2031-09-05T20:00");
  await dialog.getByRole("checkbox", { name: /Published on the site/ }).check();
  await dialog
    .getByLabel(/^Poster/)
    .setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: PORTRAIT_PNG });

  // The preview is the picked file itself, from a blob: address the page made: the CSP must allow it.
  const preview = dialog.getByRole("img", { name: "Preview of portrait.png" });
  await expect(preview).toHaveAttribute("src", /^blob:/);
  await expect.poll(async () => (await drawn(preview)).naturalWidth).toBe(20);
  // Shown whole: a box of another shape letterboxes the poster, never crops it.
  expect((await drawn(preview)).fit).toBe("contain");

  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(toast(page, "Event created")).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const poster = page
      .getByRole("region", { name: "Events" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: title, exact: true }) })
      .getByRole("img", { name: `Poster for ${title}` });
    await poster.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await drawn(poster)).naturalWidth).toBe(20);
    // Loaded through the image transformation at a width the layout needs, never the upload as it is.
    expect(await poster.getAttribute("srcset")).toMatch(
      /^\/storage\/v1\/render\/image\/public\/event-posters\/.+\?width=256 256w, .+\?width=960 960w$/,
    );
    expect(await poster.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/storage\/v1\/render\/image\/public\/event-posters\/.+\?width=\d+$/,
    );
    const shown = await drawn(poster);
    expect(shown.fit).toBe("contain");
    // Beside the text on a wide screen the poster's box takes the poster's own 2:3 shape; on a phone a
    // tall poster is held to a height and letterboxed rather than cut.
    if (width === 1280) expect(shown.ratio).toBe(0.67);
  }
  expect(violations).toEqual([]);
});
