import type { Access, RouteMetadata } from "@app/contracts";
import type { NextFunction, Request, Response } from "express";
import { type AccessTokenClaims, type AppRole, TokenError, type TokenSigner } from "../modules/auth/jwt";
import { type ApiFamily, apiFamilyOf } from "./api-family";
import { AppError } from "./app-error";

type Aal = AccessTokenClaims["aal"];

export type Principal =
  | { kind: "anon" }
  | {
      kind: "user";
      userId: string;
      sessionId: string;
      role: AppRole | null;
      /** The lower of the token's claim and the session's current level (removing a factor lowers it). */
      aal: Aal;
      claims: AccessTokenClaims;
    };

export interface AuthorizerDeps {
  tokens: TokenSigner;
  /**
   * The session's current assurance level; undefined once it has ended (sign-out, password change, reuse
   * detection), and such a token is refused everywhere.
   */
  sessionAal(sessionId: string, userId: string): Aal | undefined;
  requireAal2: boolean;
}

function bearerOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function tokenError(family: ApiFamily, err: TokenError | "ended"): AppError {
  if (family === "auth") {
    return err === "ended"
      ? AppError.forbidden("Session from session_id claim in JWT does not exist", {
          code: "session_not_found",
        })
      : AppError.forbidden(err.message, { code: "bad_jwt" });
  }
  if (err === "ended") return AppError.unauthorized("JWT session has ended", { code: "PGRST301" });
  return AppError.unauthorized(err.message, { code: err.reason === "expired" ? "PGRST303" : "PGRST301" });
}

/** Works out who is calling from the apikey and Authorization headers, as supabase's gateway does. */
export function createAuthorizer({ tokens, sessionAal, requireAal2 }: AuthorizerDeps) {
  function verifyUser(token: string, family: ApiFamily): Principal {
    let verified: ReturnType<TokenSigner["verify"]>;
    try {
      verified = tokens.verify(token);
    } catch (err) {
      if (err instanceof TokenError) throw tokenError(family, err);
      throw err;
    }
    if (verified.kind === "anon") return { kind: "anon" };
    const { claims } = verified;
    const current = sessionAal(claims.session_id, claims.sub);
    if (!current) throw tokenError(family, "ended");
    return {
      kind: "user",
      userId: claims.sub,
      sessionId: claims.session_id,
      role: claims.app_metadata?.role ?? null,
      aal: current === "aal2" && claims.aal === "aal2" ? "aal2" : "aal1",
      claims,
    };
  }

  function identify(req: Request, family: ApiFamily): Principal {
    const apikey = typeof req.headers.apikey === "string" ? req.headers.apikey : undefined;
    const bearer = bearerOf(req);
    const key = apikey ?? bearer;
    if (!key) throw AppError.unauthorized("No API key found in request", { gateway: true });
    try {
      tokens.verify(key);
    } catch (err) {
      // An expired user token sent only as the bearer is a JWT problem, not an API key problem.
      if (apikey || !(err instanceof TokenError && err.reason === "expired")) {
        throw AppError.unauthorized("Invalid API key", { gateway: true });
      }
    }
    return bearer ? verifyUser(bearer, family) : { kind: "anon" };
  }

  function authorize(access: Access, req: Request, family: ApiFamily): Principal | undefined {
    if (access === "open") return undefined;
    const principal = identify(req, family);
    if (access === "public") return principal;
    if (principal.kind !== "user") {
      throw family === "auth"
        ? AppError.unauthorized("This endpoint requires a Bearer token", { code: "no_authorization" })
        : AppError.unauthorized("This resource needs a signed-in user", { code: "PGRST301" });
    }
    if (access === "user") return principal;
    if (principal.role !== "staff" && principal.role !== "admin") {
      throw AppError.forbidden("permission denied: an administrator must grant you staff access", {
        code: family === "auth" ? "forbidden" : "42501",
      });
    }
    if (requireAal2 && principal.aal !== "aal2") {
      throw AppError.forbidden("Multi-factor authentication (aal2) is required", {
        code: family === "auth" ? "insufficient_aal" : "42501",
      });
    }
    return principal;
  }

  /** ts-rest global middleware: enforces the route's `metadata.access` from the contract. */
  function middleware(req: Request, res: Response, next: NextFunction) {
    const route = (req as Request & { tsRestRoute?: { metadata?: RouteMetadata } }).tsRestRoute;
    const access = route?.metadata?.access;
    if (!access) return next(new Error(`route ${req.method} ${req.path} has no access level`));
    try {
      res.locals.principal = authorize(access, req, apiFamilyOf(req.path) ?? "api");
      next();
    } catch (err) {
      next(err);
    }
  }

  return { authorize, middleware };
}

export function principalOf(res: Response): Principal | undefined {
  return res.locals.principal as Principal | undefined;
}
