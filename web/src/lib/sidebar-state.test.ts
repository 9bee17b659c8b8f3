import { afterEach, describe, expect, it } from "vitest";
import { readSidebarOpen, SIDEBAR_COOKIE_NAME, writeSidebarOpen } from "@/lib/sidebar-state";

function clearCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the cookie the code under test writes.
  document.cookie = `${SIDEBAR_COOKIE_NAME}=; path=/; max-age=0`;
}

describe("sidebar cookie", () => {
  afterEach(clearCookie);

  it("is named sidebar:state", () => {
    expect(SIDEBAR_COOKIE_NAME).toBe("sidebar:state");
  });

  it("defaults to open without a cookie", () => {
    expect(readSidebarOpen("")).toBe(true);
    expect(readSidebarOpen("other=1")).toBe(true);
  });

  it("reads the remembered state among other cookies", () => {
    expect(readSidebarOpen("a=1; sidebar:state=false; b=2")).toBe(false);
    expect(readSidebarOpen("sidebar:state=true")).toBe(true);
  });

  it("writes a cookie that reads back", () => {
    writeSidebarOpen(false);
    expect(document.cookie).toContain("sidebar:state=false");
    expect(readSidebarOpen()).toBe(false);
    writeSidebarOpen(true);
    expect(readSidebarOpen()).toBe(true);
  });
});
