import { afterEach, describe, expect, it } from "vitest";
import { setAccessTokenProvider, tsr } from "@/lib/api-client";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { installConfigMeta, TEST_CONFIG } from "@/test/render";

describe("api client", () => {
  afterEach(() => setAccessTokenProvider(null));

  it("sends the anonymous key as apikey and bearer when nobody is signed in", async () => {
    installConfigMeta();
    const { requests } = stubFetch(() => jsonResponse([]));
    await tsr.tables.events.list.query({ query: {}, headers: {} });
    expect(requests[0]?.headers.get("apikey")).toBe(TEST_CONFIG.anon_key);
    expect(requests[0]?.headers.get("authorization")).toBe(`Bearer ${TEST_CONFIG.anon_key}`);
  });

  it("sends the signed-in user's token when the auth layer provides one", async () => {
    installConfigMeta();
    const { requests } = stubFetch(() => jsonResponse([]));
    setAccessTokenProvider(async () => "user-access-token");
    await tsr.tables.events.list.query({ query: {}, headers: {} });
    expect(requests[0]?.headers.get("apikey")).toBe(TEST_CONFIG.anon_key);
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer user-access-token");
  });
});
