import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access } from "./common";

const c = initContract();

/**
 * The auth API under /auth/v1 speaks GoTrue's (Supabase Auth's) wire format, so a stock `@supabase/auth-js`
 * client works unchanged. Bodies are strict, but they accept every field auth-js sends (captcha wrapper,
 * PKCE fields as null) so that the stock client is never refused for a field it always adds.
 */

export const authEmailSchema = z
  .string()
  .trim()
  .min(1, "An email address is required")
  .max(254, "Unable to validate email address: too long")
  .email("Unable to validate email address: invalid format");

/** Length and strength rules are checked by the server, which answers 422 weak_password with reasons. */
export const authPasswordSchema = z.string().max(1024, "Password is too long");

/** How deep and how large a user's metadata may be: a profile's few fields, not a document store. */
export const METADATA_MAX_DEPTH = 16;
/** In characters of its JSON text. */
export const METADATA_MAX_LENGTH = 16 * 1024;

/** Levels of objects and arrays, counted without recursion (a hostile value may be thousands deep). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > METADATA_MAX_DEPTH) return deepest;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export const metadataSchema = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  if (depthOf(value) > METADATA_MAX_DEPTH)
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `User metadata is nested too deeply (at most ${METADATA_MAX_DEPTH} levels)`,
    });
  else if (JSON.stringify(value).length > METADATA_MAX_LENGTH)
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `User metadata is too large (at most ${METADATA_MAX_LENGTH} characters of JSON)`,
    });
});

/**
 * Everything auth-js sends alongside the fields that matter. The captcha wrapper is accepted and ignored;
 * the PKCE pair (null outside PKCE) is checked by the server, which answers GoTrue's messages.
 */
const clientExtras = {
  gotrue_meta_security: z.object({ captcha_token: z.string().max(4096).optional() }).optional(),
  code_challenge: z.string().max(256).nullable().optional(),
  code_challenge_method: z.string().max(16).nullable().optional(),
};

export const redirectQuerySchema = z.object({ redirect_to: z.string().max(2048).optional() }).strict();

export const authIdentitySchema = z.object({
  identity_id: z.string(),
  id: z.string(),
  user_id: z.string(),
  identity_data: metadataSchema,
  provider: z.string(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  email: z.string().optional(),
});
export type AuthIdentity = z.infer<typeof authIdentitySchema>;

export const authFactorSchema = z.object({
  id: z.string(),
  friendly_name: z.string().optional(),
  factor_type: z.enum(["totp", "phone"]),
  status: z.enum(["verified", "unverified"]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AuthFactor = z.infer<typeof authFactorSchema>;

/** `app_metadata.role` decides back-office access: admin, staff, or absent. */
export const appRoleSchema = z.enum(["admin", "staff"]);
export type AppRoleName = z.infer<typeof appRoleSchema>;

export const authUserSchema = z.object({
  id: z.string(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  email_confirmed_at: z.string().nullable().optional(),
  phone: z.string(),
  confirmed_at: z.string().nullable().optional(),
  confirmation_sent_at: z.string().nullable().optional(),
  recovery_sent_at: z.string().nullable().optional(),
  email_change_sent_at: z.string().nullable().optional(),
  new_email: z.string().nullable().optional(),
  last_sign_in_at: z.string().nullable().optional(),
  invited_at: z.string().optional(),
  banned_until: z.string().optional(),
  app_metadata: z
    .object({
      provider: z.string().optional(),
      providers: z.array(z.string()).optional(),
      role: appRoleSchema.optional(),
    })
    .passthrough(),
  user_metadata: metadataSchema,
  identities: z.array(authIdentitySchema),
  factors: z.array(authFactorSchema).optional(),
  created_at: z.string(),
  updated_at: z.string(),
  is_anonymous: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const weakPasswordSchema = z.object({
  message: z.string(),
  reasons: z.array(z.enum(["length", "characters", "pwned"])),
});

export const authSessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  refresh_token: z.string(),
  user: authUserSchema,
  weak_password: weakPasswordSchema.nullable().optional(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

/** GoTrue's answer when the first of the two e-mail change confirmations is verified: no session yet. */
export const singleConfirmationSchema = z.object({ msg: z.string(), code: z.literal(200) });

/**
 * GoTrue's error body: `{code: <status>, error_code, msg}`, or `{code: <error_code>, message}` when the
 * request carries `X-Supabase-Api-Version: 2024-01-01` (auth-js always sends it).
 */
export const authErrorSchema = z.union([
  z.object({
    code: z.number().int(),
    error_code: z.string(),
    msg: z.string(),
    weak_password: weakPasswordSchema.optional(),
  }),
  z.object({ code: z.string(), message: z.string(), weak_password: weakPasswordSchema.optional() }),
]);
export type AuthError = z.infer<typeof authErrorSchema>;

export const authErrors = {
  400: authErrorSchema,
  401: z.union([authErrorSchema, z.object({ message: z.string() })]),
  403: authErrorSchema,
  404: authErrorSchema,
  422: authErrorSchema,
  429: authErrorSchema,
} as const;

const emptySchema = z.object({});

export const signUpInputSchema = z
  .object({
    email: authEmailSchema,
    password: authPasswordSchema,
    data: metadataSchema.optional(),
    ...clientExtras,
  })
  .strict();
export type SignUpInput = z.infer<typeof signUpInputSchema>;

export const grantTypeSchema = z.enum(["password", "refresh_token", "pkce"]);
export type GrantType = z.infer<typeof grantTypeSchema>;

/** One body for every grant (GoTrue's shape); which fields are required depends on `grant_type`. */
export const tokenInputSchema = z
  .object({
    email: authEmailSchema.optional(),
    password: authPasswordSchema.optional(),
    refresh_token: z.string().max(256).optional(),
    auth_code: z.string().max(256).optional(),
    code_verifier: z.string().max(256).optional(),
    gotrue_meta_security: clientExtras.gotrue_meta_security,
  })
  .strict();
export type TokenInput = z.infer<typeof tokenInputSchema>;

export const otpInputSchema = z
  .object({
    email: authEmailSchema,
    create_user: z.boolean().optional(),
    data: metadataSchema.optional(),
    ...clientExtras,
  })
  .strict();
export type OtpInput = z.infer<typeof otpInputSchema>;

export const emailOtpTypeSchema = z.enum([
  "magiclink",
  "signup",
  "recovery",
  "email_change",
  "invite",
  "email",
]);
export type EmailOtpType = z.infer<typeof emailOtpTypeSchema>;

export const verifyLinkQuerySchema = z
  .object({
    token: z.string().min(1).max(256),
    type: emailOtpTypeSchema,
    redirect_to: z.string().max(2048).optional(),
  })
  .strict();

export const verifyInputSchema = z
  .object({
    type: emailOtpTypeSchema,
    token_hash: z.string().min(1).max(256).optional(),
    email: authEmailSchema.optional(),
    token: z.string().min(1).max(256).optional(),
    gotrue_meta_security: clientExtras.gotrue_meta_security,
  })
  .strict();
export type VerifyInput = z.infer<typeof verifyInputSchema>;

/** A public signing key as a JWK: EC P-256 (ES256) or RSA (RS256); never a private part. */
const jwkSchema = z
  .object({
    kid: z.string(),
    alg: z.enum(["ES256", "RS256"]),
    use: z.literal("sig"),
    key_ops: z.array(z.literal("verify")),
    ext: z.literal(true),
    kty: z.enum(["EC", "RSA"]),
    crv: z.literal("P-256").optional(),
    x: z.string().optional(),
    y: z.string().optional(),
    n: z.string().optional(),
    e: z.string().optional(),
  })
  .strict();
export const jwksSchema = z.object({ keys: z.array(jwkSchema) });
export type Jwks = z.infer<typeof jwksSchema>;

/** One place a user is signed in, as the settings page lists them. */
export const userSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  refreshed_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  aal: z.enum(["aal1", "aal2"]),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const logoutScopeSchema = z.enum(["global", "local", "others"]);
export type LogoutScope = z.infer<typeof logoutScopeSchema>;

export const updateUserInputSchema = z
  .object({
    email: authEmailSchema.optional(),
    password: authPasswordSchema.optional(),
    data: metadataSchema.optional(),
    nonce: z.string().max(64).optional(),
    ...clientExtras,
  })
  .strict();
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

export const recoverInputSchema = z.object({ email: authEmailSchema, ...clientExtras }).strict();
export type RecoverInput = z.infer<typeof recoverInputSchema>;

export const resendInputSchema = z
  .object({ type: z.enum(["signup", "email_change"]), email: authEmailSchema, ...clientExtras })
  .strict();
export type ResendInput = z.infer<typeof resendInputSchema>;

export const enrollFactorInputSchema = z
  .object({
    factor_type: z.literal("totp"),
    friendly_name: z.string().trim().min(1).max(100).optional(),
    issuer: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type EnrollFactorInput = z.infer<typeof enrollFactorInputSchema>;

/**
 * `qr_code` is the SVG markup itself, as GoTrue sends it: auth-js turns it into a
 * `data:image/svg+xml;utf-8,…` URL (it would double-prefix one that already was).
 */
export const enrolledFactorSchema = z.object({
  id: z.string(),
  type: z.literal("totp"),
  friendly_name: z.string().optional(),
  totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }),
});
export type EnrolledFactor = z.infer<typeof enrolledFactorSchema>;

export const factorParamsSchema = z.object({ factorId: z.string().uuid() });

export const challengeSchema = z.object({
  id: z.string(),
  type: z.literal("totp"),
  expires_at: z.number().int(),
});

export const verifyFactorInputSchema = z
  .object({ challenge_id: z.string().uuid(), code: z.string().regex(/^\d{6}$/, "code must be 6 digits") })
  .strict();

export const authSettingsSchema = z.object({
  external: z.record(z.string(), z.boolean()),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
  sms_provider: z.string(),
  saml_enabled: z.boolean(),
  /** Ours: whether back-office data needs an aal2 (MFA-verified) session. */
  back_office_aal: z.enum(["aal1", "aal2"]),
});
export type AuthSettings = z.infer<typeof authSettingsSchema>;

/** Every kind of mail the server sends; the server's templates are keyed by it. */
export const MAIL_KINDS = [
  "confirmation",
  "magic_link",
  "recovery",
  "email_change",
  "email_change_current",
  "reauthentication",
  "invite",
  "newsletter_confirmation",
  "legal_signing_request",
  "legal_fully_signed",
  "legal_voided",
  "deliverable_approval_request",
  "invoice",
  "invoice_reminder",
  "royalty_statement",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const devMailSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /**
   * The verify link the message carries (outbox only; this route does not exist in production); empty for
   * a message that carries only a code.
   */
  link: z.string(),
  /** The files the message carried, by name, type, size and SHA-256. */
  attachments: z.array(
    z.object({ filename: z.string(), content_type: z.string(), size: z.number(), sha256: z.string() }),
  ),
  created_at: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;

export const authContract = c.router({
  signUp: {
    method: "POST",
    path: "/auth/v1/signup",
    query: redirectQuerySchema,
    body: signUpInputSchema,
    responses: { 200: z.union([authSessionSchema, authUserSchema]), ...authErrors },
    metadata: access("public"),
    summary:
      "Sign up with e-mail and password: the user (confirmation mail sent) or, with autoconfirm, a session",
  },
  issueToken: {
    method: "POST",
    path: "/auth/v1/token",
    query: z.object({ grant_type: grantTypeSchema }).strict(),
    body: tokenInputSchema,
    responses: { 200: authSessionSchema, ...authErrors },
    metadata: access("public"),
    summary:
      "Sign in (grant_type=password), rotate a refresh token (grant_type=refresh_token) or exchange a PKCE auth code with its verifier (grant_type=pkce)",
  },
  sendMagicLink: {
    method: "POST",
    path: "/auth/v1/otp",
    query: redirectQuerySchema,
    body: otpInputSchema,
    responses: { 200: emptySchema, ...authErrors },
    metadata: access("public"),
    summary: "E-mail a magic link and 6-digit code (creates the user unless create_user is false)",
  },
  verifyLink: {
    method: "GET",
    path: "/auth/v1/verify",
    query: verifyLinkQuerySchema,
    responses: { 303: c.noBody(), ...authErrors },
    metadata: access("open"),
    summary:
      "The e-mailed link: 303 to redirect_to with the session (or the error) in the URL fragment; a PKCE link answers ?code= in the query instead",
  },
  verifyOtp: {
    method: "POST",
    path: "/auth/v1/verify",
    query: redirectQuerySchema,
    body: verifyInputSchema,
    responses: { 200: z.union([authSessionSchema, singleConfirmationSchema]), ...authErrors },
    metadata: access("public"),
    summary:
      "Verify {type, token_hash} or {type, email, token} into a session (the first of an e-mail change's two confirmations: a message)",
  },
  signOut: {
    method: "POST",
    path: "/auth/v1/logout",
    query: z.object({ scope: logoutScopeSchema.optional() }).strict(),
    body: c.noBody(),
    responses: { 204: c.noBody(), ...authErrors },
    metadata: access("user"),
    summary: "End this session (local), the others (others) or all of them (global, the default)",
  },
  listUserSessions: {
    method: "GET",
    path: "/auth/v1/user/sessions",
    responses: { 200: z.array(userSessionSchema), ...authErrors },
    metadata: access("user"),
    summary:
      "The signed-in user's live sessions, newest first, the current one marked (for the settings page)",
  },
  endUserSession: {
    method: "DELETE",
    path: "/auth/v1/user/sessions/:sessionId",
    pathParams: z.object({ sessionId: z.string().uuid() }),
    body: c.noBody(),
    responses: { 204: c.noBody(), ...authErrors },
    metadata: access("user"),
    summary: "End one of the signed-in user's own sessions; another user's or an ended one answers 404",
  },
  getUser: {
    method: "GET",
    path: "/auth/v1/user",
    responses: { 200: authUserSchema, ...authErrors },
    metadata: access("user"),
    summary: "The signed-in user",
  },
  updateUser: {
    method: "PUT",
    path: "/auth/v1/user",
    query: redirectQuerySchema,
    body: updateUserInputSchema,
    responses: { 200: authUserSchema, ...authErrors },
    metadata: access("user"),
    summary:
      "Change password (ends other sessions; needs a nonce from /reauthenticate when the session is over 24 h old), e-mail (confirmed by links to both addresses) or metadata",
  },
  reauthenticate: {
    method: "GET",
    path: "/auth/v1/reauthenticate",
    responses: { 200: emptySchema, ...authErrors },
    metadata: access("user"),
    summary: "Mail the signed-in user a 6-digit code to send as `nonce` with a sensitive change",
  },
  recoverPassword: {
    method: "POST",
    path: "/auth/v1/recover",
    query: redirectQuerySchema,
    body: recoverInputSchema,
    responses: { 200: emptySchema, ...authErrors },
    metadata: access("public"),
    summary: "E-mail a password recovery link; always {} so addresses cannot be probed",
  },
  resend: {
    method: "POST",
    path: "/auth/v1/resend",
    query: redirectQuerySchema,
    body: resendInputSchema,
    responses: { 200: emptySchema, ...authErrors },
    metadata: access("public"),
    summary: "Send the sign-up confirmation or e-mail change mail again",
  },
  enrollFactor: {
    method: "POST",
    path: "/auth/v1/factors",
    body: enrollFactorInputSchema,
    responses: { 200: enrolledFactorSchema, ...authErrors },
    metadata: access("user"),
    summary:
      "Enroll a TOTP factor: secret, otpauth URI and QR code (SVG); needs aal2 once a factor is verified",
  },
  challengeFactor: {
    method: "POST",
    path: "/auth/v1/factors/:factorId/challenge",
    pathParams: factorParamsSchema,
    // auth-js sends its whole params object, factorId included.
    body: z
      .object({ factorId: z.string().max(64).optional(), channel: z.string().max(16).optional() })
      .strict()
      .optional(),
    responses: { 200: challengeSchema, ...authErrors },
    metadata: access("user"),
    summary: "Open a challenge for a factor",
  },
  verifyFactor: {
    method: "POST",
    path: "/auth/v1/factors/:factorId/verify",
    pathParams: factorParamsSchema,
    body: verifyFactorInputSchema,
    responses: { 200: authSessionSchema, ...authErrors },
    metadata: access("user"),
    summary: "Answer a challenge with a TOTP code: a new aal2 session (5 wrong codes lock the factor)",
  },
  unenrollFactor: {
    method: "DELETE",
    path: "/auth/v1/factors/:factorId",
    pathParams: factorParamsSchema,
    body: c.noBody(),
    responses: { 200: z.object({ id: z.string() }), ...authErrors },
    metadata: access("user"),
    summary: "Remove a factor (needs an aal2 session once the user has a verified factor)",
  },
  getSettings: {
    method: "GET",
    path: "/auth/v1/settings",
    responses: { 200: authSettingsSchema },
    metadata: access("public"),
    summary: "Which sign-in methods are on, autoconfirm, and whether the back office needs aal2",
  },
  getJwks: {
    method: "GET",
    path: "/auth/v1/.well-known/jwks.json",
    responses: { 200: jwksSchema },
    metadata: access("open"),
    summary:
      "The public keys access tokens are signed with (standby, current and previous), for local verification",
  },
  getAuthHealth: {
    method: "GET",
    path: "/auth/v1/health",
    responses: { 200: z.object({ version: z.string(), name: z.string(), description: z.string() }) },
    metadata: access("open"),
    summary: "Auth service liveness",
  },
  listDevMail: {
    method: "GET",
    path: "/api/dev/mail",
    query: z
      .object({
        to: z.string().max(254).optional(),
        limit: z.coerce.number().int().min(1).max(200).optional(),
      })
      .strict(),
    responses: { 200: z.array(devMailSchema), 404: z.object({ code: z.string(), message: z.string() }) },
    metadata: access("open"),
    summary:
      "Development only: the mail outbox, newest first. 404 unless DEV_MAIL_UI=true, outside production, " +
      "without TRUST_PROXY, to a loopback caller",
  },
});
