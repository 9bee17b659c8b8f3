import { describe, expect, it } from "vitest";
import { mimeEssence, storedType, typeAllowed } from "./content-type";

const TEXT = Buffer.from("plain words");
const BINARY = Buffer.from([0x4d, 0x5a, 0x00, 0x01]);

describe("the type an upload is stored with", () => {
  it("reads a Content-Type's essence, and nothing from a malformed one", () => {
    expect(mimeEssence("Text/Plain; charset=UTF-8")).toBe("text/plain");
    expect(mimeEssence("image/svg+xml")).toBe("image/svg+xml");
    for (const bad of ["", "text", "text/", "/plain", "text/plain/x", "a b/c", 42, undefined])
      expect(mimeEssence(bad), String(bad)).toBeUndefined();
  });

  it("matches a bucket's list by name or family, and an empty list takes any type", () => {
    expect(typeAllowed("image/png", ["image/*"])).toBe(true);
    expect(typeAllowed("image/png", ["IMAGE/PNG"])).toBe(true);
    expect(typeAllowed("image/png", ["image/jpeg", "text/*"])).toBe(false);
    expect(typeAllowed("application/x-anything", [])).toBe(true);
  });

  it.each([
    [
      "the claim, when allowed and the bytes agree",
      "text/plain",
      undefined,
      TEXT,
      ["text/plain"],
      "text/plain",
    ],
    [
      "the claim, for a detected type that matches",
      "image/png",
      "image/png",
      TEXT,
      ["image/png"],
      "image/png",
    ],
    [
      "the bytes' type over a claim they contradict",
      "text/plain",
      "image/png",
      TEXT,
      ["image/*", "text/plain"],
      "image/png",
    ],
    [
      "the bytes' type over a claim the bucket refuses",
      "text/html",
      "image/png",
      TEXT,
      ["image/png"],
      "image/png",
    ],
    ["nothing for a known magic type the bytes lack", "image/png", undefined, TEXT, ["image/png"], undefined],
    ["nothing for binary bytes claimed as text", "text/plain", undefined, BINARY, ["text/plain"], undefined],
    [
      "bytes of unknown type when nothing is claimed",
      undefined,
      undefined,
      BINARY,
      [],
      "application/octet-stream",
    ],
    [
      "nothing when neither the claim nor the bytes are allowed",
      "text/plain",
      "application/pdf",
      TEXT,
      ["image/*"],
      undefined,
    ],
  ] as const)("%s", (_what, claimed, detected, head, allowed, expected) => {
    expect(storedType(claimed, detected, head, allowed)).toBe(expected);
  });
});
