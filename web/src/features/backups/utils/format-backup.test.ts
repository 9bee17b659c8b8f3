import { describe, expect, it } from "vitest";
import { formatBackupTime, formatBytes } from "@/features/backups/utils/format-backup";

describe("formatBytes", () => {
  it("counts bytes below a kilobyte and binary units above", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(1023)).toBe("1023 bytes");
    expect(formatBytes(1024)).toBe("1.0 KB");
    expect(formatBytes(5.5 * 1024 * 1024)).toBe("5.5 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3.0 GB");
  });
});

describe("formatBackupTime", () => {
  it("reads the UTC instant on Stockholm's clock, summer time included", () => {
    expect(formatBackupTime("2026-01-15T23:30:00.000Z")).toBe("16 Jan 2026, 00:30");
    expect(formatBackupTime("2026-07-01T10:00:00.000Z")).toBe("1 Jul 2026, 12:00");
  });
});
