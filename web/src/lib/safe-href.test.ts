import { describe, expect, it } from "vitest";
import { safeHref, safeImageSrc } from "@/lib/safe-href";

const HOSTILE = [
  "javascript:alert(1)",
  " JavaScript:alert(1)",
  "\u0000javascript:alert(1)",
  "java\tscript:alert(1)",
  "&#106;avascript:alert(1)",
  "%6Aavascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "//evil.example/x.png",
  "/\\evil.example/x.png",
  "www.example.com",
];

describe("safeHref", () => {
  it("passes http(s) addresses through", () => {
    expect(safeHref("https://example.com/a?b=c")).toBe("https://example.com/a?b=c");
    expect(safeHref("HTTP://example.com")).toBe("HTTP://example.com");
  });

  it.each(HOSTILE)("refuses %j", (address) => {
    expect(safeHref(address)).toBeUndefined();
  });

  it("refuses nothing at all and a path on this site (a link is followed off-site only)", () => {
    expect(safeHref(null)).toBeUndefined();
    expect(safeHref("")).toBeUndefined();
    expect(safeHref("/images/x.svg")).toBeUndefined();
  });
});

describe("safeImageSrc", () => {
  it("passes web addresses and paths on this site through", () => {
    expect(safeImageSrc("https://cdn.example.com/x.png")).toBe("https://cdn.example.com/x.png");
    expect(safeImageSrc("/images/events/x.svg")).toBe("/images/events/x.svg");
  });

  it.each(HOSTILE)("refuses %j", (address) => {
    expect(safeImageSrc(address)).toBeUndefined();
  });
});
