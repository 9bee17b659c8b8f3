import { afterEach, describe, expect, it } from "vitest";
import { loadPublicConfig, readPublicConfigFromMeta, resetPublicConfigForTests } from "@/lib/public-config";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { installConfigMeta, TEST_CONFIG } from "@/test/render";

function removeConfigMeta() {
  document.querySelector('meta[name="app-config"]')?.remove();
}

describe("public config", () => {
  afterEach(() => {
    removeConfigMeta();
    resetPublicConfigForTests();
  });

  it("reads the meta tag the server injects, without a request", async () => {
    installConfigMeta();
    const { fetchMock } = stubFetch(() => jsonResponse({}));
    expect(readPublicConfigFromMeta()).toEqual(TEST_CONFIG);
    await expect(loadPublicConfig()).resolves.toEqual(TEST_CONFIG);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['{"anon_key":1,"site_url":"x","playlist_embed_url":"y"}', "[]", "not json", '{"anon_key":"k"}'])(
    "ignores a tag that does not hold the config: %s",
    (content) => {
      const meta = document.createElement("meta");
      meta.name = "app-config";
      meta.content = content;
      document.head.append(meta);
      expect(readPublicConfigFromMeta()).toBeNull();
    },
  );

  it("keeps only the config's own keys", () => {
    installConfigMeta();
    const meta = document.querySelector<HTMLMetaElement>('meta[name="app-config"]');
    if (meta) meta.content = JSON.stringify({ ...TEST_CONFIG, extra: "dropped" });
    expect(readPublicConfigFromMeta()).toEqual(TEST_CONFIG);
  });

  it("falls back to one GET /api/config when the tag is missing", async () => {
    removeConfigMeta();
    const { requests } = stubFetch(() => jsonResponse(TEST_CONFIG));
    const [first, second] = await Promise.all([loadPublicConfig(), loadPublicConfig()]);
    expect(first).toEqual(TEST_CONFIG);
    expect(second).toEqual(TEST_CONFIG);
    expect(requests.map((request) => request.url)).toEqual(["/api/config"]);
  });

  it("retries on the next call after a failed fetch", async () => {
    removeConfigMeta();
    let calls = 0;
    stubFetch(() => (++calls === 1 ? jsonResponse({ message: "down" }, 503) : jsonResponse(TEST_CONFIG)));
    await expect(loadPublicConfig()).rejects.toThrow(/503/);
    await expect(loadPublicConfig()).resolves.toEqual(TEST_CONFIG);
  });
});
