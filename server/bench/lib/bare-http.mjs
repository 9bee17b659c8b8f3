// The bare node:http baseline of the read benchmarks, in its own process: answers every request with the
// status and bytes the server answered, after verifying the request's bearer JWT (HS256, the server's secret) when
// BARE_JWT_SECRET is set. With BARE_ENGINE and BARE_SQL it instead runs that query on the bare driver
// (better-sqlite3, or a pg pool of BARE_POOL) for every request and answers its rows as JSON, each row's
// `a__b` columns nested as `{ a: { b } }` (null when all are null), the shape of PostgREST's embedding.
// Sends "ready" to the parent once listening.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import jwt from "jsonwebtoken";
import pg from "pg";
import { SQLite } from "../../src/db/engine/sqlite-driver.mjs";

const { BARE_BODY, BARE_ENGINE, BARE_SQL, BARE_URL, BARE_POOL } = process.env;
const headers = JSON.parse(process.env.BARE_HEADERS ?? "{}");
const secret = process.env.BARE_JWT_SECRET;
const status = Number(process.env.BARE_STATUS ?? 200);

function nest(row) {
  const out = {};
  for (const [key, value] of Object.entries(row)) {
    const [outer, inner] = key.split("__");
    if (inner === undefined) out[key] = value;
    else {
      out[outer] ??= {};
      out[outer][inner] = value;
    }
  }
  for (const [key, value] of Object.entries(out))
    if (
      value &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      Object.values(value).every((v) => v === null)
    )
      out[key] = null;
  return out;
}

/** The answer's bytes: the file's, or the query's rows read now. */
function bodyReader() {
  if (!BARE_ENGINE) {
    const body = readFileSync(BARE_BODY);
    return async () => body;
  }
  if (BARE_ENGINE === "sqlite") {
    const statement = new SQLite(BARE_URL, { readonly: true }).prepare(BARE_SQL);
    return async () => Buffer.from(JSON.stringify(statement.all().map(nest)));
  }
  const pool = new pg.Pool({ connectionString: BARE_URL, max: Number(BARE_POOL ?? 10) });
  return async () => Buffer.from(JSON.stringify((await pool.query(BARE_SQL)).rows.map(nest)));
}

const read = bodyReader();
createServer(async (req, res) => {
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
  const body = await read();
  res.writeHead(status, { ...headers, "content-length": body.length });
  res.end(body);
}).listen(Number(process.env.BARE_PORT), "127.0.0.1", () => process.send("ready"));
