import { initContract } from "@ts-rest/core";
import { z } from "zod";
import {
  appRoleSchema,
  authEmailSchema,
  authErrors,
  authFactorSchema,
  authPasswordSchema,
  authUserSchema,
  metadataSchema,
  redirectQuerySchema,
} from "./auth.contract";
import { access } from "./common";

const c = initContract();

/**
 * GoTrue's admin API, for servers holding the service_role key (supabase-js `auth.admin`). The key must be
 * the bearer: the anonymous key and every user's token, an administrator's included, get GoTrue's 403
 * `not_admin`. Bodies take the fields auth-js sends; GoTrue fields this server has no use for (phone,
 * password_hash, a caller-chosen id or JWT role) are refused rather than ignored.
 */

/** A Go duration ("24h", "90m", "876000h") or "none", as GoTrue's ban_duration; checked by the server. */
export const banDurationSchema = z.string().min(1).max(64);

/** app_metadata as an admin writes it: merged key by key (null removes one); `role` is the back-office role. */
export const adminAppMetadataSchema = z
  .object({ role: appRoleSchema.nullable().optional() })
  .catchall(z.unknown());

export const adminCreateUserSchema = z
  .object({
    email: authEmailSchema,
    password: authPasswordSchema.optional(),
    email_confirm: z.boolean().optional(),
    user_metadata: metadataSchema.optional(),
    app_metadata: adminAppMetadataSchema.optional(),
    ban_duration: banDurationSchema.optional(),
  })
  .strict();
export type AdminCreateUser = z.infer<typeof adminCreateUserSchema>;

export const adminUpdateUserSchema = z
  .object({
    email: authEmailSchema.optional(),
    password: authPasswordSchema.optional(),
    email_confirm: z.boolean().optional(),
    user_metadata: metadataSchema.optional(),
    app_metadata: adminAppMetadataSchema.optional(),
    ban_duration: banDurationSchema.optional(),
  })
  .strict();
export type AdminUpdateUser = z.infer<typeof adminUpdateUserSchema>;

/** auth-js sends `page=&per_page=` when no page is asked for: empty means the default. */
const pageNumber = z
  .string()
  .max(10)
  .regex(/^\d*$/, "must be a whole number")
  .optional()
  .transform((v) => (v ? Number(v) : undefined));

export const adminListUsersQuerySchema = z.object({ page: pageNumber, per_page: pageNumber }).strict();

export const adminUserListSchema = z.object({ users: z.array(authUserSchema), aud: z.string() });

export const inviteInputSchema = z
  .object({ email: authEmailSchema, data: metadataSchema.optional() })
  .strict();

export const GENERATE_LINK_TYPES = [
  "signup",
  "invite",
  "magiclink",
  "recovery",
  "email_change_current",
  "email_change_new",
] as const;
export type GenerateLinkType = (typeof GENERATE_LINK_TYPES)[number];

export const generateLinkInputSchema = z
  .object({
    type: z.enum(GENERATE_LINK_TYPES),
    email: authEmailSchema,
    new_email: authEmailSchema.optional(),
    password: authPasswordSchema.optional(),
    data: metadataSchema.optional(),
    redirect_to: z.string().max(2048).optional(),
    /** auth-js copies its options into the body as they are named there. */
    redirectTo: z.string().max(2048).optional(),
  })
  .strict();
export type GenerateLinkInput = z.infer<typeof generateLinkInputSchema>;

/** GoTrue's answer: the user's fields, and beside them the link's properties (no mail is sent). */
export const generatedLinkSchema = authUserSchema.extend({
  action_link: z.string(),
  email_otp: z.string(),
  hashed_token: z.string(),
  verification_type: z.enum(GENERATE_LINK_TYPES),
  redirect_to: z.string(),
});
export type GeneratedLink = z.infer<typeof generatedLinkSchema>;

/** Path ids are checked by the server, which answers GoTrue's 404 for one that is not a UUID. */
const userPath = z.object({ userId: z.string().max(64) });
const factorPath = userPath.extend({ factorId: z.string().max(64) });

export const authAdminContract = c.router({
  listUsers: {
    method: "GET",
    path: "/auth/v1/admin/users",
    query: adminListUsersQuerySchema,
    responses: { 200: adminUserListSchema, ...authErrors },
    metadata: access("service_role"),
    summary: "Users, oldest first, a page at a time (page, per_page); X-Total-Count and Link headers",
  },
  createUser: {
    method: "POST",
    path: "/auth/v1/admin/users",
    body: adminCreateUserSchema,
    responses: { 200: authUserSchema, ...authErrors },
    metadata: access("service_role"),
    summary: "Create a user (no mail): password, email_confirm, metadata, app_metadata.role, ban_duration",
  },
  getUser: {
    method: "GET",
    path: "/auth/v1/admin/users/:userId",
    pathParams: userPath,
    responses: { 200: authUserSchema, ...authErrors },
    metadata: access("service_role"),
    summary: "One user",
  },
  updateUser: {
    method: "PUT",
    path: "/auth/v1/admin/users/:userId",
    pathParams: userPath,
    body: adminUpdateUserSchema,
    responses: { 200: authUserSchema, ...authErrors },
    metadata: access("service_role"),
    summary:
      "Change a user: e-mail, password, metadata, role (ends their sessions), ban_duration (a ban ends them too)",
  },
  deleteUser: {
    method: "DELETE",
    path: "/auth/v1/admin/users/:userId",
    pathParams: userPath,
    body: z.object({ should_soft_delete: z.boolean().optional() }).strict().optional(),
    responses: { 200: z.object({}), ...authErrors },
    metadata: access("service_role"),
    summary: "Delete a user with their sessions, factors and tokens (soft delete is not supported)",
  },
  listFactors: {
    method: "GET",
    path: "/auth/v1/admin/users/:userId/factors",
    pathParams: userPath,
    responses: { 200: z.array(authFactorSchema), ...authErrors },
    metadata: access("service_role"),
    summary: "A user's second factors",
  },
  deleteFactor: {
    method: "DELETE",
    path: "/auth/v1/admin/users/:userId/factors/:factorId",
    pathParams: factorPath,
    body: c.noBody(),
    responses: { 200: authFactorSchema, ...authErrors },
    metadata: access("service_role"),
    summary: "Remove a user's factor; their sessions that relied on it drop to aal1",
  },
  invite: {
    method: "POST",
    path: "/auth/v1/invite",
    query: redirectQuerySchema,
    body: inviteInputSchema,
    responses: { 200: authUserSchema, ...authErrors },
    metadata: access("service_role"),
    summary:
      "Invite by e-mail: creates the user (or re-invites one not yet confirmed) and mails an invite link that leads to setting a password",
  },
  generateLink: {
    method: "POST",
    path: "/auth/v1/admin/generate_link",
    query: redirectQuerySchema,
    body: generateLinkInputSchema,
    responses: { 200: generatedLinkSchema, ...authErrors },
    metadata: access("service_role"),
    summary: "Make a sign-up, invite, magic link, recovery or e-mail change link and code without mailing it",
  },
});
