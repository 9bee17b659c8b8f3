import { describe, expect, it } from "vitest";
import { groupSecret, qrCodeSrc } from "@/features/settings/utils/qr-code-src";

describe("qrCodeSrc", () => {
  it("percent-encodes the SVG markup so its # colours survive", () => {
    const src = qrCodeSrc('data:image/svg+xml;utf-8,<svg fill="#fff"/>');
    expect(src).toBe("data:image/svg+xml;charset=utf-8,%3Csvg%20fill%3D%22%23fff%22%2F%3E");
    expect(decodeURIComponent(src.split(",")[1] ?? "")).toBe('<svg fill="#fff"/>');
  });

  it("leaves any other source alone", () => {
    expect(qrCodeSrc("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
  });
});

describe("groupSecret", () => {
  it("groups by four for typing", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXPJBSW")).toBe("JBSW Y3DP EHPK 3PXP JBSW");
    expect(groupSecret("ABCDE")).toBe("ABCD E");
  });
});
