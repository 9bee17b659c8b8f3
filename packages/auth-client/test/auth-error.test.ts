import { describe, expect, it } from "vitest";
import { AuthError, createNetworkError, isRetryableAuthError, parseAuthError } from "../src/auth-error";

describe("parseAuthError", () => {
  it("keeps Retry-After in seconds, so a lock-out can say when to try again", () => {
    const body = { code: "mfa_factor_locked", message: "Too many invalid codes" };
    expect(parseAuthError(429, body, "900").retryAfterSeconds).toBe(900);
    expect(parseAuthError(429, body, "Wed, 21 Oct 2030 07:28:00 GMT").retryAfterSeconds).toBeUndefined();
    expect(parseAuthError(429, body).retryAfterSeconds).toBeUndefined();
    expect("retryAfterSeconds" in parseAuthError(429, body, null)).toBe(false);
  });

  it("reads GoTrue's classic body {code: status, error_code, msg}", () => {
    const error = parseAuthError(400, {
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      status: 400,
      code: "invalid_credentials",
      message: "Invalid login credentials",
    });
    expect(error.reasons).toBeUndefined();
  });

  it("reads the versioned body {code: error_code, message}", () => {
    const error = parseAuthError(429, {
      code: "over_email_send_rate_limit",
      message: "email rate limit exceeded",
    });
    expect(error).toMatchObject({
      status: 429,
      code: "over_email_send_rate_limit",
      message: "email rate limit exceeded",
    });
  });

  it.each([
    [
      {
        code: "weak_password",
        message: "Password is too weak",
        weak_password: { message: "w", reasons: ["length", "pwned"] },
      },
    ],
    [
      {
        code: 422,
        error_code: "weak_password",
        msg: "Password is too weak",
        weak_password: { message: "w", reasons: ["length", "pwned"] },
      },
    ],
  ])("takes weak_password reasons from either shape", (body) => {
    const error = parseAuthError(422, body);
    expect(error).toMatchObject({ status: 422, code: "weak_password", message: "Password is too weak" });
    expect(error.reasons).toEqual(["length", "pwned"]);
  });

  it("drops reasons it does not know", () => {
    const error = parseAuthError(422, {
      code: "weak_password",
      message: "m",
      weak_password: { reasons: ["length", "??"] },
    });
    expect(error.reasons).toEqual(["length"]);
  });

  it("copes with a gateway's {message}, an HTML page and an empty body", () => {
    expect(parseAuthError(401, { message: "Invalid API key" })).toMatchObject({
      status: 401,
      code: "unexpected_failure",
      message: "Invalid API key",
    });
    expect(parseAuthError(502, "<html>Bad Gateway</html>")).toMatchObject({
      status: 502,
      message: "<html>Bad Gateway</html>",
    });
    expect(parseAuthError(504, undefined)).toMatchObject({
      status: 504,
      message: "Request failed with status 504",
    });
  });

  it("serialises with its message, and without reasons unless the server sent some", () => {
    expect(JSON.parse(JSON.stringify(parseAuthError(400, { code: "x", message: "nope" })))).toEqual({
      name: "AuthError",
      message: "nope",
      status: 400,
      code: "x",
    });
    expect(Object.hasOwn(parseAuthError(400, { code: "x", message: "nope" }), "reasons")).toBe(false);
  });

  it("retries only network errors and 502/503/504", () => {
    expect(isRetryableAuthError(createNetworkError(new TypeError("fetch failed")))).toBe(true);
    for (const status of [502, 503, 504])
      expect(isRetryableAuthError(parseAuthError(status, null))).toBe(true);
    for (const status of [400, 401, 403, 404, 422, 429, 500]) {
      expect(isRetryableAuthError(parseAuthError(status, { code: "x", message: "y" }))).toBe(false);
    }
  });
});
