import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Response } from "express";
import { backOfficeAal } from "../../config";
import { AppError } from "../../http/app-error";
import { principalOf } from "../../http/authorize";
import { requesterOf } from "../../platform/deps";
import { isDevMailOpen } from "../../platform/mail/dev-mail";
import { listMail, toDevMail } from "../../platform/mail/outbox";
import type { AuthDeps, SignedIn } from "./deps";
import { SINGLE_CONFIRMATION } from "./email-change";
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from "./factors";
import { sendMagicLink } from "./magic-link";
import { linkType } from "./one-time-tokens";
import { withAuthCode } from "./pkce";
import { signInWithAuthCode } from "./pkce-grant";
import { requestReauthentication } from "./reauthenticate";
import { recoverPassword, resend } from "./recover";
import { isAllowedRedirect, resolveRedirect, withFragment } from "./redirects";
import { rotateRefreshToken, signOut } from "./sessions";
import { assertTokenGrantAllowed, signInWithPassword } from "./sign-in";
import { signUp } from "./sign-up";
import { getUser, updateUser } from "./user";
import { endUserSession, listUserSessions } from "./user-sessions";
import { parseVerifyInput, verifyOneTimeToken } from "./verify";

const s = initServer();

function signedIn(res: Response): SignedIn {
  const principal = principalOf(res);
  if (principal?.kind !== "user") {
    throw new AppError("no_authorization", "This endpoint requires a Bearer token");
  }
  return { userId: principal.userId, sessionId: principal.sessionId, aal: principal.aal };
}

export function authRouter(deps: AuthDeps) {
  const { config } = deps;
  return s.router(contract.auth, {
    signUp: async ({ body, query, req }) => ({
      status: 200,
      body: await signUp(deps, body, query.redirect_to, requesterOf(req)),
    }),

    issueToken: async ({ query, body, req }) => {
      const requester = requesterOf(req);
      await assertTokenGrantAllowed(deps, requester);
      if (query.grant_type === "password") {
        return { status: 200, body: await signInWithPassword(deps, body, requester) };
      }
      if (query.grant_type === "pkce") {
        return { status: 200, body: await signInWithAuthCode(deps, body, requester) };
      }
      if (!body.refresh_token) {
        throw new AppError("validation_failed", "refresh_token is required");
      }
      return { status: 200, body: await rotateRefreshToken(deps, body.refresh_token, requester) };
    },

    sendMagicLink: async ({ body, query, req }) => ({
      status: 200,
      body: await sendMagicLink(deps, body, query.redirect_to, requesterOf(req)),
    }),

    // The e-mailed link: every outcome is a 303, the session or the error travelling in the fragment so it
    // never reaches a server log or a Referer header. A PKCE link's auth code goes in the query (GoTrue's
    // place for it): useless without the verifier that never left the requesting browser.
    verifyLink: async ({ query, req, res }) => {
      const requested =
        query.redirect_to && isAllowedRedirect(config, query.redirect_to) ? query.redirect_to : undefined;
      let location: string;
      try {
        const outcome = await verifyOneTimeToken(
          deps,
          { type: query.type, tokenHash: query.token, viaLink: true },
          requesterOf(req),
        );
        const target = requested ?? outcome.redirectTo;
        if (outcome.kind === "half_confirmed") {
          location = withFragment(target, { message: SINGLE_CONFIRMATION });
        } else if (outcome.kind === "code") {
          location = withAuthCode(target, outcome.code);
        } else {
          const { session, type } = outcome;
          location = withFragment(target, {
            access_token: session.access_token,
            expires_at: String(session.expires_at),
            expires_in: String(session.expires_in),
            refresh_token: session.refresh_token,
            token_type: "bearer",
            type: linkType[type] ?? query.type,
          });
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        location = withFragment(requested ?? resolveRedirect(config, undefined), {
          error: err.status === 429 ? "too_many_requests" : "access_denied",
          error_code: err.code ?? "unexpected_failure",
          error_description: err.message,
        });
      }
      res.setHeader("Location", location);
      return { status: 303, body: undefined };
    },

    verifyOtp: async ({ body, req }) => {
      const outcome = await verifyOneTimeToken(deps, parseVerifyInput(body), requesterOf(req));
      return {
        status: 200,
        body: outcome.kind === "session" ? outcome.session : { msg: SINGLE_CONFIRMATION, code: 200 },
      };
    },

    signOut: async ({ query, req, res }) => {
      const who = signedIn(res);
      await signOut(deps, { ...who, scope: query.scope ?? "global", requester: requesterOf(req) });
      return { status: 204, body: undefined };
    },

    listUserSessions: async ({ res }) => ({
      status: 200,
      body: await listUserSessions(deps, signedIn(res)),
    }),

    endUserSession: async ({ params, req, res }) => {
      await endUserSession(deps, signedIn(res), params.sessionId, requesterOf(req));
      return { status: 204, body: undefined };
    },

    getUser: async ({ res }) => ({ status: 200, body: await getUser(deps, signedIn(res)) }),

    updateUser: async ({ body, query, req, res }) => ({
      status: 200,
      body: await updateUser(deps, signedIn(res), body, query.redirect_to, requesterOf(req)),
    }),

    reauthenticate: async ({ req, res }) => ({
      status: 200,
      body: await requestReauthentication(deps, signedIn(res), requesterOf(req)),
    }),

    recoverPassword: async ({ body, query, req }) => ({
      status: 200,
      body: await recoverPassword(deps, body, query.redirect_to, requesterOf(req)),
    }),

    resend: async ({ body, query, req }) => ({
      status: 200,
      body: await resend(deps, body, query.redirect_to, requesterOf(req)),
    }),

    enrollFactor: async ({ body, req, res }) => ({
      status: 200,
      body: await enrollFactor(deps, signedIn(res), body, requesterOf(req)),
    }),

    challengeFactor: async ({ params, req, res }) => ({
      status: 200,
      body: await challengeFactor(deps, signedIn(res), params.factorId, requesterOf(req)),
    }),

    verifyFactor: async ({ params, body, req, res }) => ({
      status: 200,
      body: await verifyFactor(deps, signedIn(res), params.factorId, body, requesterOf(req)),
    }),

    unenrollFactor: async ({ params, req, res }) => ({
      status: 200,
      body: await unenrollFactor(deps, signedIn(res), params.factorId, requesterOf(req)),
    }),

    getSettings: async () => ({
      status: 200,
      body: {
        external: { email: true, phone: false, anonymous_users: false },
        disable_signup: false,
        mailer_autoconfirm: config.AUTH_AUTOCONFIRM,
        phone_autoconfirm: false,
        sms_provider: "",
        saml_enabled: false,
        back_office_aal: backOfficeAal(config),
      },
    }),

    getJwks: async () => ({ status: 200, body: await deps.tokens.jwks() }),

    getAuthHealth: async () => ({
      status: 200,
      body: { version: "1.0.0", name: "GoTrue", description: "GoTrue-compatible auth service" },
    }),

    listDevMail: async ({ query, req }) => {
      if (!isDevMailOpen(config, req)) throw new AppError("not_found", "No route for GET /dev/mail");
      // Mail is sent after the answer; listing once that work is done keeps tests deterministic.
      await deps.work.whenIdle();
      const rows = await listMail(deps.db, {
        to: query.to?.trim().toLowerCase(),
        limit: query.limit ?? 50,
      });
      return { status: 200, body: rows.map(toDevMail) };
    },
  });
}
