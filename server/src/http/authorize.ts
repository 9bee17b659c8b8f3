import type { Access, RouteMetadata } from "@app/contracts";
import type { NextFunction, Request, Response } from "express";
import { type AccessTokenClaims, type AppRole, TokenError, type TokenVerifier } from "./access-token";
import { AppError } from "./app-error";

type Aal = AccessTokenClaims["aal"];

export type Principal =
  | { kind: "anon" }
  /**
   * The server-side service_role key: GoTrue's admin API, and on the data and storage APIs past every
   * who-may policy (never past a table's hooks); on the back office's own routes no more than anon.
   */
  | { kind: "service_role" }
  | {
      kind: "user";
      userId: string;
      sessionId: string;
      role: AppRole | null;
      /** The lower of the token's claim and the session's current level (removing a factor lowers it). */
      aal: Aal;
      /** Staff access needs aal2: always when the server requires it, and for anyone with a verified factor. */
      needsAal2: boolean;
      claims: AccessTokenClaims;
    };

export interface AuthorizerDeps {
  tokens: TokenVerifier;
  /**
   * The session's current assurance level; undefined once it has ended (sign-out, password change, reuse
   * detection), and such a token is refused everywhere.
   */
  sessionAal(
    sessionId: string,
    userId: string,
  ): Promise<{ aal: Aal; hasVerifiedFactor: boolean } | undefined>;
  requireAal2: boolean;
  /**
   * The browser origins the API answers (CORS_ORIGINS): the service_role key sent from any other page is
   * refused, since a key in a stranger's page has leaked.
   */
  browserOrigins: readonly string[];
}

function bearerOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function tokenError(err: TokenError | "ended"): AppError {
  if (err === "ended")
    return new AppError("session_ended", "Session from session_id claim in JWT does not exist");
  return new AppError(err.reason === "expired" ? "jwt_expired" : "jwt_invalid", err.message);
}

/** Works out who is calling from the apikey and Authorization headers, as supabase's gateway does. */
export function createAuthorizer({ tokens, sessionAal, requireAal2, browserOrigins }: AuthorizerDeps) {
  const trustedOrigins = new Set(browserOrigins.map((o) => new URL(o).origin));

  /**
   * A server-side integration sends no Origin; a browser does on every cross-origin request. The key in
   * a page of an origin the API does not serve is a leaked secret, refused before it is used.
   */
  function refuseServiceKeyFromBrowser(req: Request) {
    const origin = req.headers.origin;
    if (origin === undefined || trustedOrigins.has(origin)) return;
    throw new AppError(
      "service_key_in_browser",
      "The service_role key is secret and is refused from a browser page of an origin this API does not serve",
    );
  }

  async function verifyUser(token: string): Promise<Principal> {
    let verified: Awaited<ReturnType<TokenVerifier["verify"]>>;
    try {
      verified = await tokens.verify(token);
    } catch (err) {
      if (err instanceof TokenError) throw tokenError(err);
      throw err;
    }
    if (verified.kind === "anon") return { kind: "anon" };
    if (verified.kind === "service_role") return { kind: "service_role" };
    const { claims } = verified;
    const current = await sessionAal(claims.session_id, claims.sub);
    if (!current) throw tokenError("ended");
    return {
      kind: "user",
      userId: claims.sub,
      sessionId: claims.session_id,
      role: claims.app_metadata?.role ?? null,
      aal: current.aal === "aal2" && claims.aal === "aal2" ? "aal2" : "aal1",
      needsAal2: requireAal2 || current.hasVerifiedFactor,
      claims,
    };
  }

  async function identify(req: Request): Promise<Principal> {
    const apikey = typeof req.headers.apikey === "string" ? req.headers.apikey : undefined;
    const bearer = bearerOf(req);
    const key = apikey ?? bearer;
    if (!key) throw new AppError("no_api_key", "No API key found in request");
    let keyKind: Awaited<ReturnType<TokenVerifier["verify"]>>["kind"] | undefined;
    try {
      keyKind = (await tokens.verify(key)).kind;
    } catch (err) {
      // An expired user token sent only as the bearer is a JWT problem, not an API key problem.
      if (apikey || !(err instanceof TokenError && err.reason === "expired")) {
        throw new AppError("invalid_api_key", "Invalid API key");
      }
    }
    const principal: Principal = bearer
      ? await verifyUser(bearer)
      : keyKind === "service_role"
        ? { kind: "service_role" }
        : { kind: "anon" };
    if (keyKind === "service_role" || principal.kind === "service_role") refuseServiceKeyFromBrowser(req);
    return principal;
  }

  /** GoTrue's admin check: only the service_role key passes; a person's token, an admin's too, does not. */
  function serviceRoleOnly(principal: Principal, req: Request): Principal {
    if (principal.kind === "service_role") return principal;
    if (principal.kind === "anon" && !bearerOf(req)) {
      throw new AppError("not_signed_in", "This endpoint requires a valid Bearer token");
    }
    throw new AppError("not_admin", "User not allowed");
  }

  /**
   * Who is calling, if `access` lets them. `serviceRoleBypasses` (the storage API's routes, the data
   * API's functions) lets the service_role key through whatever the level; `actsAsPerson` refuses it
   * with a reason of its own rather than as an anonymous caller.
   */
  async function authorize(
    access: Access,
    req: Request,
    options: { serviceRoleBypasses?: boolean; actsAsPerson?: boolean } = {},
  ): Promise<Principal | undefined> {
    if (access === "open") return undefined;
    const principal = await identify(req);
    if (access === "public") return principal;
    if (principal.kind === "service_role" && options.serviceRoleBypasses) return principal;
    if (principal.kind === "service_role" && options.actsAsPerson && access !== "service_role")
      throw new AppError(
        "service_role_not_a_person",
        "This function acts as the signed-in person; the service_role key is none: call it with a person's access token",
      );
    if (access === "service_role") return serviceRoleOnly(principal, req);
    if (principal.kind !== "user") {
      throw new AppError("not_signed_in", "This endpoint requires a Bearer token of a signed-in user");
    }
    if (access === "user") return principal;
    if (principal.role !== "staff" && principal.role !== "admin") {
      throw new AppError(
        "permission_denied",
        "permission denied: an administrator must grant you staff access",
      );
    }
    if (principal.needsAal2 && principal.aal !== "aal2") {
      throw new AppError("aal2_required", "Multi-factor authentication (aal2) is required");
    }
    if (access === "admin" && principal.role !== "admin") {
      throw new AppError("permission_denied", "permission denied: this action is for administrators");
    }
    return principal;
  }

  /** ts-rest global middleware: enforces the route's `metadata.access` from the contract. */
  function middleware(req: Request, res: Response, next: NextFunction) {
    const route = (req as Request & { tsRestRoute?: { metadata?: RouteMetadata } }).tsRestRoute;
    const access = route?.metadata?.access;
    if (!access) return next(new Error(`route ${req.method} ${req.path} has no access level`));
    authorize(access, req, {
      serviceRoleBypasses: route?.metadata?.serviceRoleBypasses,
      actsAsPerson: route?.metadata?.actsAsPerson,
    }).then((principal) => {
      res.locals.principal = principal;
      next();
    }, next);
  }

  return { authorize, middleware, verifyToken: verifyUser };
}

export function principalOf(res: Response): Principal | undefined {
  return res.locals.principal as Principal | undefined;
}

/**
 * The signed-in user behind a request, for timelines and audit rows; null for a key without a user (the
 * service_role key's writes say so in a column of their own where they are recorded, see hookActor).
 */
export function actorOf(res: Response): string | null {
  const principal = principalOf(res);
  return principal?.kind === "user" ? principal.userId : null;
}

/** Who a write is recorded as made by: the person, or the service_role key by name (never nobody). */
export type RecordedActor = { actorId: string | null; actorRole: "service_role" | null };

/** The caller of a data-API function as its timeline and audit rows record them. */
export function recordedActorOf(res: Response): RecordedActor {
  const principal = principalOf(res);
  return { actorId: actorOf(res), actorRole: principal?.kind === "service_role" ? "service_role" : null };
}
