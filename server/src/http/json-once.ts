import type { RequestHandler } from "express";

const serialized = new WeakMap<object, string>();

/**
 * `res.json` that serialises each body object once: a memoised read (db.cachedRead) hands the same
 * object to every request until the data changes, so its JSON text is reused too. Bodies are never
 * mutated after a handler returns them, which is what makes reuse safe.
 */
export const jsonOnce: RequestHandler = (_req, res, next) => {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (body === null || typeof body !== "object") return json(body);
    let text = serialized.get(body);
    if (text === undefined) {
      text = JSON.stringify(body);
      serialized.set(body, text);
    }
    if (!res.get("Content-Type")) res.type("json");
    return res.send(text);
  };
  next();
};
