import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { appRoleSchema, authEmailSchema } from "./auth.contract";
import { access, apiErrorSchema, apiKeyErrorSchema } from "./common";

const c = initContract();

export const teamFactorSchema = z.object({
  id: z.string(),
  friendly_name: z.string().nullable(),
  factor_type: z.literal("totp"),
  status: z.enum(["verified", "unverified"]),
  created_at: z.string(),
});
export type TeamFactor = z.infer<typeof teamFactorSchema>;

/**
 * A person with an account, as the back office's Team screen shows them. `role` is app_metadata.role;
 * MFA is on when any factor is verified; `banned_until` is set while the account is blocked.
 */
export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: appRoleSchema.nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  invited_at: z.string().nullable(),
  confirmed: z.boolean(),
  banned_until: z.string().nullable(),
  factors: z.array(teamFactorSchema),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const inviteMemberSchema = z
  .object({
    email: authEmailSchema,
    role: appRoleSchema,
  })
  .strict();
export type InviteMember = z.infer<typeof inviteMemberSchema>;

export const setMemberRoleSchema = z.object({ role: appRoleSchema.nullable() }).strict();
export type SetMemberRole = z.infer<typeof setMemberRoleSchema>;

/** The audit log's actions about team membership, as the back office's Activity screen lists them. */
export const teamActivityActions = [
  "user_invited",
  "invite_accepted",
  "user_created",
  "role_changed",
  "user_banned",
  "user_unbanned",
  "factor_removed",
  "user_deleted",
] as const;
export type TeamActivityAction = (typeof teamActivityActions)[number];

/**
 * One team change: who made it (an administrator's address; null for the operator's CLI or a server with
 * the service_role key), whom it was about, and what it set. No IP address or user agent.
 */
export const teamActivityEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(teamActivityActions),
  actor_email: z.string().nullable(),
  target_email: z.string().nullable(),
  /** The role given (an invitation, a new account) or the role before and after a change. */
  role: appRoleSchema.nullable().optional(),
  from_role: appRoleSchema.nullable().optional(),
  to_role: appRoleSchema.nullable().optional(),
  /** The removed factor's name, if it had one. */
  factor_name: z.string().nullable().optional(),
  created_at: z.string(),
});
export type TeamActivityEntry = z.infer<typeof teamActivityEntrySchema>;

export const TEAM_ACTIVITY_PAGE_SIZE = 50;

export const teamActivityQuerySchema = z
  .object({
    /** Counted from 1, newest first. */
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();

const memberPath = z.object({ id: z.string().uuid("id must be a uuid") });
const factorPath = memberPath.extend({ factorId: z.string().uuid("factorId must be a uuid") });

const teamErrors = {
  400: apiErrorSchema,
  401: z.union([apiErrorSchema, apiKeyErrorSchema]),
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
} as const;

/**
 * The back office's team administration, administrators only. Every change is written to the audit log
 * with the acting administrator as requester. An administrator cannot block themselves, nor take the
 * administrator role from the last administrator (409).
 */
export const teamContract = c.router({
  listMembers: {
    method: "GET",
    path: "/api/team/members",
    responses: { 200: z.object({ members: z.array(teamMemberSchema) }), ...teamErrors },
    metadata: access("admin"),
    summary: "Everyone with an account: role, sign-in, invitation, block and second-factor state",
  },
  invite: {
    method: "POST",
    path: "/api/team/invitations",
    body: inviteMemberSchema,
    responses: { 201: teamMemberSchema, ...teamErrors },
    metadata: access("admin"),
    summary: "Invite someone by e-mail with a role; the mailed link lets them set their password",
  },
  setRole: {
    method: "PUT",
    path: "/api/team/members/:id/role",
    pathParams: memberPath,
    body: setMemberRoleSchema,
    responses: { 200: teamMemberSchema, ...teamErrors },
    metadata: access("admin"),
    summary: "Make someone admin, staff, or neither; their sessions end so the new role applies at once",
  },
  deleteMember: {
    method: "DELETE",
    path: "/api/team/members/:id",
    pathParams: memberPath,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...teamErrors },
    metadata: access("admin"),
    summary:
      "Delete an account that has no role (a sign-up from the public site); a colleague's account is refused (409) until their role is taken away",
  },
  ban: {
    method: "POST",
    path: "/api/team/members/:id/ban",
    pathParams: memberPath,
    body: z.object({}).strict(),
    responses: { 200: teamMemberSchema, ...teamErrors },
    metadata: access("admin"),
    summary: "Block someone until unblocked: their sessions end and they cannot sign in",
  },
  unban: {
    method: "DELETE",
    path: "/api/team/members/:id/ban",
    pathParams: memberPath,
    body: c.noBody(),
    responses: { 200: teamMemberSchema, ...teamErrors },
    metadata: access("admin"),
    summary: "Lift a block",
  },
  removeFactor: {
    method: "DELETE",
    path: "/api/team/members/:id/factors/:factorId",
    pathParams: factorPath,
    body: c.noBody(),
    responses: { 200: teamMemberSchema, ...teamErrors },
    metadata: access("admin"),
    summary: "Remove a second factor, e.g. when someone lost their authenticator",
  },
  listActivity: {
    method: "GET",
    path: "/api/team/activity",
    query: teamActivityQuerySchema,
    responses: {
      200: z.object({ entries: z.array(teamActivityEntrySchema), total: z.number().int() }),
      ...teamErrors,
    },
    metadata: access("admin"),
    summary: "Team changes from the audit log, newest first, a page of 50 at a time",
  },
});
