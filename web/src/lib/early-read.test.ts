import { DEFAULT_STORAGE_KEY } from "@app/auth-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SESSION_STORAGE_KEY, startEarlyRead, takeEarlyRead } from "@/lib/early-read";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";

const NOW = Date.UTC(2026, 10, 27, 9, 0, 0);
const CONFIG = {
  anon_key: "anon-key",
  site_url: "https://example.test",
  playlist_embed_url: "https://x.test",
};

function storeSession(expiresInSeconds: number) {
  localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ access_token: "user-token", expires_at: NOW / 1000 + expiresInSeconds }),
  );
}

beforeEach(() => {
  const meta = document.createElement("meta");
  meta.name = "app-config";
  meta.content = JSON.stringify(CONFIG);
  document.head.append(meta);
});

afterEach(() => {
  document.head.querySelector('meta[name="app-config"]')?.remove();
  localStorage.clear();
});

describe("the first screen's early read", () => {
  it("reads where the auth client keeps the session", () => {
    expect(SESSION_STORAGE_KEY).toBe(DEFAULT_STORAGE_KEY);
  });

  it("asks for the dashboard with the stored token and hands the answer out once", async () => {
    storeSession(3600);
    const { requests } = stubFetch(() => jsonResponse({ active_projects: 3 }));
    startEarlyRead("/app", NOW);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe("/api/dashboard");
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer user-token");
    expect(requests[0]?.headers.get("apikey")).toBe("anon-key");
    expect(await takeEarlyRead("/api/dashboard", NOW)).toEqual({ status: 200, body: { active_projects: 3 } });
    expect(await takeEarlyRead("/api/dashboard", NOW)).toBeNull();
  });

  it("keeps a refused answer's status, so the screen reads again", async () => {
    storeSession(3600);
    stubFetch(() => jsonResponse({ message: "expired" }, 401));
    startEarlyRead("/app", NOW);
    expect(await takeEarlyRead("/api/dashboard", NOW)).toEqual({ status: 401, body: null });
  });

  it("asks nothing without a session, with a token about to expire, or on another page", async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    startEarlyRead("/app", NOW);
    storeSession(30);
    startEarlyRead("/app", NOW);
    storeSession(3600);
    startEarlyRead("/app/crm", NOW);
    startEarlyRead("/", NOW);
    expect(requests).toEqual([]);
    expect(await takeEarlyRead("/api/dashboard", NOW)).toBeNull();
  });

  it("drops an answer nobody took in time", async () => {
    storeSession(3600);
    stubFetch(() => jsonResponse({}));
    startEarlyRead("/app", NOW);
    expect(await takeEarlyRead("/api/dashboard", NOW + 31_000)).toBeNull();
  });
});
