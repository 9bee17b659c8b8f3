import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createPublicReadCache } from "./public-read-cache";

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(options: { stamp: () => string; status?: number }) {
  let calls = 0;
  const app = (req: IncomingMessage, res: ServerResponse) => {
    calls += 1;
    res.statusCode = options.status ?? 200;
    res.setHeader("content-type", "application/json");
    res.setHeader("x-request-id", "from-app");
    res.setHeader("x-repeated", ["one", "two"]);
    res.write('{"n":');
    res.end(`${calls},"url":"${req.url}"}`);
  };
  const handler = createPublicReadCache(app, {
    paths: ["/rest/v1/events"],
    anonKey: "ANON",
    changeStamp: options.stamp,
    logger: pino({ level: "silent" }),
  });
  const server = createServer(handler).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, calls: () => calls };
}

describe("createPublicReadCache", () => {
  it("calls the app once per URL until the stamp changes", async () => {
    let stamp = "1";
    const { base, calls } = await serve({ stamp: () => stamp });
    const get = (path: string, headers: Record<string, string> = { apikey: "ANON" }) =>
      fetch(`${base}${path}`, { headers }).then(async (r) => ({
        body: await r.text(),
        id: r.headers.get("x-request-id"),
      }));
    const first = await get("/rest/v1/events?a=1");
    const second = await get("/rest/v1/events?a=1");
    expect(calls()).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.id).not.toBe("from-app");
    await get("/rest/v1/events?a=2");
    expect(calls()).toBe(2);
    stamp = "2";
    const third = await get("/rest/v1/events?a=1");
    expect(calls()).toBe(3);
    expect(third.body).toContain('"n":3');
  });

  it("passes through other paths, other keys, user tokens and methods", async () => {
    const { base, calls } = await serve({ stamp: () => "1" });
    for (let i = 0; i < 2; i++) {
      await fetch(`${base}/rest/v1/crm_contacts`, { headers: { apikey: "ANON" } });
      await fetch(`${base}/rest/v1/events`, { headers: { apikey: "OTHER" } });
      await fetch(`${base}/rest/v1/events`, {
        headers: { apikey: "ANON", authorization: "Bearer user-token" },
      });
      await fetch(`${base}/rest/v1/events`, { method: "HEAD", headers: { apikey: "ANON" } });
    }
    expect(calls()).toBe(8);
  });

  it("replays the app's headers as it wrote them, a repeated one included, with a request id of its own", async () => {
    const { base } = await serve({ stamp: () => "1" });
    const headersOf = async () => {
      const res = await fetch(`${base}/rest/v1/events`, { headers: { apikey: "ANON" } });
      await res.arrayBuffer();
      const { date: _, "x-request-id": id, ...rest } = Object.fromEntries(res.headers);
      return { id, rest };
    };
    const first = await headersOf();
    const replayed = await headersOf();
    expect(first.id).toBe("from-app");
    expect(replayed.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(replayed.rest).toEqual(first.rest);
    expect(replayed.rest["x-repeated"]).toBe("one, two");
    expect(replayed.rest["content-type"]).toBe("application/json");
  });

  it("keeps nothing but 200 answers", async () => {
    const { base, calls } = await serve({ stamp: () => "1", status: 503 });
    await fetch(`${base}/rest/v1/events`, { headers: { apikey: "ANON" } });
    await fetch(`${base}/rest/v1/events`, { headers: { apikey: "ANON" } });
    expect(calls()).toBe(2);
  });
});
