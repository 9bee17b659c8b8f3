import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { TEST_MFA_KEY, TEST_SECRET } from "./helpers";

const base = () => ({
  DATABASE_URL: join(mkdtempSync(join(tmpdir(), "sms-config-")), "app.db"),
  JWT_SECRET: TEST_SECRET,
  MFA_ENCRYPTION_KEY: TEST_MFA_KEY,
});

describe("backup settings", () => {
  it("back up daily in production and not at all elsewhere, unless told otherwise", () => {
    expect(loadConfig({ ...base(), NODE_ENV: "production" }).BACKUP_INTERVAL_HOURS).toBe(24);
    expect(loadConfig({ ...base(), NODE_ENV: "development" }).BACKUP_INTERVAL_HOURS).toBe(0);
    expect(
      loadConfig({ ...base(), NODE_ENV: "production", BACKUP_INTERVAL_HOURS: "0" }).BACKUP_INTERVAL_HOURS,
    ).toBe(0);
    expect(loadConfig({ ...base(), BACKUP_INTERVAL_HOURS: "6" }).BACKUP_INTERVAL_HOURS).toBe(6);
  });

  it("keep 14 in <data folder>/backups by default", () => {
    const env = base();
    const config = loadConfig(env);
    expect(config.BACKUP_KEEP).toBe(14);
    expect(config.BACKUP_DIR).toBe(join(env.DATABASE_URL, "..", "backups"));
  });

  it("refuse a negative interval and a count below one, naming the variable", () => {
    const refused = (() => {
      try {
        loadConfig({ ...base(), BACKUP_INTERVAL_HOURS: "-1", BACKUP_KEEP: "0" });
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).problems.join("\n")).toMatch(/BACKUP_INTERVAL_HOURS[\s\S]*BACKUP_KEEP/);
  });
});
