import { describe, expect, it } from "vitest";
import { isLoopbackAddress } from "./loopback";

describe("isLoopbackAddress", () => {
  it.each(["127.0.0.1", "127.255.255.254", "127.1.2.3", "::1", "::ffff:127.0.0.1", "::FFFF:127.9.9.9"])(
    "accepts %s",
    (address) => expect(isLoopbackAddress(address)).toBe(true),
  );

  it.each([
    undefined,
    "",
    "128.0.0.1",
    "10.0.0.1",
    "0.0.0.0",
    "::",
    "::2",
    "::ffff:10.0.0.1",
    "2001:db8::1",
    "127.0.0.1.example.com",
    "127.0.0",
    "localhost",
    "fe80::1",
  ])("refuses %s", (address) => expect(isLoopbackAddress(address)).toBe(false));
});
