// The bare node:http baseline of the read benchmarks, in its own process: answers every request with the
// bytes the server answered, after verifying the request's bearer JWT (HS256, the server's secret) when
// BARE_JWT_SECRET is set. Sends "ready" to the parent once listening.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import jwt from "jsonwebtoken";

const body = readFileSync(process.env.BARE_BODY);
const headers = JSON.parse(process.env.BARE_HEADERS ?? "{}");
const secret = process.env.BARE_JWT_SECRET;

createServer((req, res) => {
  if (secret) {
    try {
      jwt.verify((req.headers.authorization ?? "").replace(/^Bearer /, ""), secret, {
        algorithms: ["HS256"],
      });
    } catch {
      res.writeHead(401).end();
      return;
    }
  }
  res.writeHead(200, { ...headers, "content-length": body.length });
  res.end(body);
}).listen(Number(process.env.BARE_PORT), "127.0.0.1", () => process.send("ready"));
