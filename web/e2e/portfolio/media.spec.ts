import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signInAsStaff, toast, uniqueTag } from "../crm/support";
import { decodedWidth } from "../support/images";
import { openFirstPortfolio, work } from "./support";

/** 1×1 PNGs of two colours: a cover and the one that replaces it. */
const RED_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC",
  "base64",
);
const BLUE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABQAAAAeCAIAAACjcKk8AAAAHklEQVR42mM4oaFBNmIY1TyqeVTzqOZRzaOah7NmAJxrkF/BlSj2AAAAAElFTkSuQmCC",
  "base64",
);

/** A tenth of a second of 8 kHz 8-bit mono silence: a WAV the browser can play. */
function silentWav(): Buffer {
  const samples = 800;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
}

const WIDTHS = [
  { name: "1280 px", width: 1280, height: 900 },
  { name: "375 px", width: 375, height: 800 },
] as const;

/** The stored object a render URL shows. */
const objectOf = (src: string) =>
  src.replace("/render/image/public/", "/object/public/").replace(/\?.*$/, "");
const MEDIA_URL = /^\/storage\/v1\/object\/public\/portfolio-media\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|wav)$/;

for (const viewport of WIDTHS) {
  test(`staff give a work a cover and an audio preview, replace the cover and delete the work at ${viewport.name}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInAsStaff(page, request);
    await openFirstPortfolio(page);

    const title = `Media Work ${uniqueTag()}`;
    await page.getByRole("button", { name: "Add Work" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add work" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Role").fill("Producer");
    await dialog
      .getByLabel(/^Cover image/)
      .setInputFiles({ name: "My Cover.png", mimeType: "image/png", buffer: RED_PNG });
    const coverPreview = dialog.getByRole("img", { name: "Preview of My Cover.png" });
    await expect(coverPreview).toHaveAttribute("src", /^blob:/);
    await expect.poll(() => decodedWidth(coverPreview)).toBe(1);
    await dialog
      .getByLabel(/^Audio preview/)
      .setInputFiles({ name: "Demo take 1.wav", mimeType: "audio/wav", buffer: silentWav() });
    await expect(dialog.getByText("Demo take 1.wav")).toBeVisible();
    await expect(dialog.locator("audio[controls]")).toHaveAttribute("src", /^blob:/);
    await expectNoSeriousViolations(page, "Add work dialog with a cover and audio picked");
    await dialog.getByRole("button", { name: "Add Work" }).click();
    await expect(toast(page, "Work added")).toBeVisible();
    await expect(dialog).toBeHidden();

    // The card shows the cover as a small thumbnail and a player labelled by the work.
    const card = work(page, "All Works", title);
    const cover = card.getByRole("img", { name: `Cover of ${title}` });
    await expect.poll(() => decodedWidth(cover)).toBe(1);
    // The thumbnail is the stored cover rendered at the size it is drawn (4rem, for 1×–3× screens).
    const firstCover = (await cover.getAttribute("src")) as string;
    expect(objectOf(firstCover)).toMatch(MEDIA_URL);
    expect(firstCover).toMatch(/^\/storage\/v1\/render\/image\/public\/portfolio-media\/.+\?width=128$/);
    expect(await cover.getAttribute("srcset")).toMatch(/\?width=64 64w, .+\?width=192 192w$/);
    expect(await cover.getAttribute("sizes")).toBe("4rem");
    expect(firstCover).not.toContain("My");
    const player = card.getByLabel(`Preview: ${title}`, { exact: true });
    await expect(player).toHaveAttribute("controls", "");
    const audioUrl = (await player.getAttribute("src")) as string;
    expect(audioUrl).toMatch(MEDIA_URL);
    // Anyone may read both: the bucket is public.
    const audio = await request.get(audioUrl);
    expect(audio.status()).toBe(200);
    expect(audio.headers()["content-type"]).toBe("audio/wav");
    // The player waits for a press before loading; loading it now shows the browser may play the file.
    await player.evaluate((el: HTMLAudioElement) => {
      el.preload = "metadata";
      el.load();
    });
    await expect.poll(() => player.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThan(0);
    await expectNoSeriousViolations(page, "portfolio builder with a cover and an audio preview");
    await expect(toast(page, "Work added")).toHaveCount(0, { timeout: 15_000 });

    // Replacing the cover stores a new object and deletes the old one.
    await card.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit portfolio item" });
    await expect(edit.getByRole("img", { name: "Current cover" })).toHaveAttribute(
      "src",
      objectOf(firstCover),
    );
    await expect(edit.getByText("Current audio preview")).toBeVisible();
    await expectNoSeriousViolations(page, "edit dialog with media");
    await edit
      .getByLabel(/^Cover image/)
      .setInputFiles({ name: "second.png", mimeType: "image/png", buffer: BLUE_PNG });
    await expect(edit.getByRole("img", { name: "Preview of second.png" })).toHaveAttribute("src", /^blob:/);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Portfolio item updated")).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(cover).not.toHaveAttribute("src", firstCover);
    await expect.poll(() => decodedWidth(cover)).toBe(20);
    expect((await request.get(firstCover)).status()).toBe(404);

    // Removing the audio preview drops the player and deletes its object.
    await card.getByRole("button", { name: `Edit ${title}` }).click();
    await edit.getByRole("button", { name: "Remove audio" }).click();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(card.locator("audio")).toHaveCount(0);
    expect((await request.get(audioUrl)).status()).toBe(404);

    // Deleting the work deletes its files.
    const lastCover = (await cover.getAttribute("src")) as string;
    await card.getByRole("button", { name: `Delete ${title}` }).click();
    await page
      .getByRole("alertdialog", { name: "Delete work?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(toast(page, "Work deleted")).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect.poll(async () => (await request.get(lastCover)).status()).toBe(404);
    expect(violations).toEqual([]);
  });
}
