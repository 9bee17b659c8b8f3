import { defineConfig, devices } from "@playwright/test";
import { E2E_STAFF_DOMAIN } from "./e2e/auth/staff-domain";

const port = Number(process.env.E2E_PORT ?? 3100);
/** A second server whose access tokens live 100 s, so the 90 s refresh threshold is reached within a test. */
const shortJwtPort = port + 1;
const SHORT_JWT_SPEC = /auth\/session-refresh\.spec\.ts$/;
/** A third server that starts without the demo seed: the first-run empty states and setup link. */
const emptyDatabasePort = port + 2;
const EMPTY_DATABASE_SPEC = /(crm\/empty-database|auth\/first-run)\.spec\.ts$/;
/** A fourth server whose back office needs an aal2 session (AUTH_REQUIRE_AAL2): the second-factor step. */
const aal2Port = port + 3;
const AAL2_SPEC = /settings\/two-factor-required\.spec\.ts$/;
/**
 * The main suite is split in four parts of about the same length, each with a server and database of its
 * own, so the parts run at once while each stays one test at a time: a spec only ever sees the data of the
 * specs in its part, in the same order as when everything ran in one line. The first part is every spec
 * the others leave.
 */
const secondHalfPort = port + 4;
const SECOND_HALF_SPECS = /\/e2e\/(backoffice|backups|crm|settings)\/[^/]+\.spec\.ts$/;
const moneyPort = port + 5;
const MONEY_SPECS = /\/e2e\/(deliverables|invoices|legal|money)\/[^/]+\.spec\.ts$/;
const sitePort = port + 6;
const SITE_SPECS = /\/e2e\/(projects|public|sessions|team)\/[^/]+\.spec\.ts$/;

const serverEnv = (extra: Record<string, string>) =>
  JSON.stringify({
    STAFF_EMAIL_DOMAINS: E2E_STAFF_DOMAIN,
    ...JSON.parse(process.env.E2E_SERVER_ENV ?? "{}"),
    ...extra,
  });
/** A real server on `port` with a fresh database of its own (scripts/e2e-server.mjs). */
const e2eServer = (serverPort: number, extra: Record<string, string> = {}) => ({
  command: "node ../scripts/e2e-server.mjs",
  url: `http://localhost:${serverPort}/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: { E2E_PORT: String(serverPort), E2E_SERVER_ENV: serverEnv(extra) },
});
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  // Each part of the main suite shares one server and database, so its tests run one at a time; the parts
  // and the projects with servers of their own (short tokens, an empty database, aal2) run beside each other.
  workers: 5,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      workers: 1,
      testIgnore: [
        SHORT_JWT_SPEC,
        EMPTY_DATABASE_SPEC,
        AAL2_SPEC,
        SECOND_HALF_SPECS,
        MONEY_SPECS,
        SITE_SPECS,
      ],
    },
    {
      name: "chromium-second-half",
      use: { ...devices["Desktop Chrome"], baseURL: `http://localhost:${secondHalfPort}` },
      workers: 1,
      testMatch: SECOND_HALF_SPECS,
      testIgnore: [EMPTY_DATABASE_SPEC, AAL2_SPEC],
    },
    {
      name: "chromium-money",
      use: { ...devices["Desktop Chrome"], baseURL: `http://localhost:${moneyPort}` },
      workers: 1,
      testMatch: MONEY_SPECS,
    },
    {
      name: "chromium-site",
      use: { ...devices["Desktop Chrome"], baseURL: `http://localhost:${sitePort}` },
      workers: 1,
      testMatch: SITE_SPECS,
    },
    {
      name: "chromium-short-jwt",
      use: { ...devices["Desktop Chrome"], baseURL: `http://localhost:${shortJwtPort}` },
      testMatch: SHORT_JWT_SPEC,
    },
    {
      name: "chromium-empty-database",
      use: { ...devices["Desktop Chrome"], baseURL: `http://localhost:${emptyDatabasePort}` },
      testMatch: EMPTY_DATABASE_SPEC,
    },
    {
      name: "chromium-aal2",
      use: { ...devices["Desktop Chrome"], baseURL: `http://localhost:${aal2Port}` },
      testMatch: AAL2_SPEC,
    },
  ],
  webServer: [
    e2eServer(port),
    e2eServer(shortJwtPort, { JWT_EXPIRY: "100" }),
    e2eServer(emptyDatabasePort, { SEED_DEMO: "false" }),
    e2eServer(aal2Port, { AUTH_REQUIRE_AAL2: "true" }),
    e2eServer(secondHalfPort),
    e2eServer(moneyPort),
    e2eServer(sitePort),
  ],
});
