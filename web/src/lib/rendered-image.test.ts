import { describe, expect, it } from "vitest";
import { renderedImage } from "@/lib/rendered-image";

describe("renderedImage", () => {
  it("renders a public storage object at each width, with the sizes it is drawn at", () => {
    const image = renderedImage(
      "/storage/v1/object/public/event-posters/a%20b/poster.png",
      [640, 320, 960],
      "16rem",
    );
    const render = "/storage/v1/render/image/public/event-posters/a%20b/poster.png";
    expect(image).toEqual({
      src: `${render}?width=640`,
      srcSet: `${render}?width=320 320w, ${render}?width=640 640w, ${render}?width=960 960w`,
      sizes: "16rem",
    });
  });

  it("caps widths at the largest side the server renders and drops repeats", () => {
    const image = renderedImage(
      "/storage/v1/object/public/portfolio-media/w/c.png",
      [2400, 3000, 5000],
      "100vw",
    );
    expect(image.srcSet).toBe(
      "/storage/v1/render/image/public/portfolio-media/w/c.png?width=2400 2400w, /storage/v1/render/image/public/portfolio-media/w/c.png?width=2500 2500w",
    );
  });

  it("leaves every other address as it is", () => {
    for (const src of [
      "/images/events/winter-showcase.svg",
      "https://images.example.com/poster.jpg",
      "/storage/v1/object/public/event-posters/p.png?download",
      "/storage/v1/object/sign/documents/x.png?token=t",
    ])
      expect(renderedImage(src, [320], "100vw")).toEqual({ src });
  });
});
