import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Request, Response } from "express";
import { AppError } from "../../http/app-error";
import { principalOf } from "../../http/authorize";
import { requesterOf } from "../../platform/deps";
import type { Actor } from "../auth/actor";
import type { AuthDeps } from "../auth/deps";
import { inviteUser } from "../auth/invitations";
import { deleteAccount, removeFactor, setBanned, setRole, type UserAdminDeps } from "../auth/user-admin";
import { listTeamActivity } from "./activity";
import { listMembers, memberById } from "./members";

const s = initServer();

/** The administrator making the change (the route's access level let only administrators through). */
function adminActor(req: Request, res: Response): Actor {
  const principal = principalOf(res);
  if (principal?.kind !== "user") throw new AppError("not_signed_in", "Sign in as an administrator");
  return {
    kind: "admin",
    userId: principal.userId,
    email: principal.claims.email,
    requester: requesterOf(req),
  };
}

/**
 * The back office's Team screen: everyone with an account, invitations, roles, blocks and second factors.
 * Administrators only; every change is audited with the administrator as its author.
 */
export function teamRouter(deps: AuthDeps) {
  const admin: UserAdminDeps = deps;
  const member = async (id: string) => {
    const found = await memberById(deps.db, id, deps.now());
    if (!found) throw new AppError("user_not_found", "No such team member");
    return found;
  };

  return s.router(contract.team, {
    listMembers: async () => ({
      status: 200,
      body: { members: await listMembers(deps.db, deps.now()) },
    }),

    invite: async ({ body, req, res }) => {
      const user = await inviteUser(deps, adminActor(req, res), {
        email: body.email,
        role: body.role,
        refuseExisting: true,
      });
      return { status: 201, body: await member(user.id) };
    },

    setRole: async ({ params, body, req, res }) => {
      await setRole(admin, adminActor(req, res), params.id, body.role);
      return { status: 200, body: await member(params.id) };
    },

    deleteMember: async ({ params, req, res }) => {
      // Only accounts nobody gave a role: a colleague's goes through taking the role away first, so one
      // mis-click cannot delete someone who works here (or the last administrator).
      if ((await member(params.id)).role !== null)
        throw new AppError("invalid_state", "Take this person's role away before deleting their account");
      await deleteAccount(admin, adminActor(req, res), params.id);
      return { status: 204, body: undefined };
    },

    ban: async ({ params, req, res }) => {
      await setBanned(admin, adminActor(req, res), params.id, true);
      return { status: 200, body: await member(params.id) };
    },

    unban: async ({ params, req, res }) => {
      await setBanned(admin, adminActor(req, res), params.id, false);
      return { status: 200, body: await member(params.id) };
    },

    removeFactor: async ({ params, req, res }) => {
      await removeFactor(admin, adminActor(req, res), params.id, params.factorId);
      return { status: 200, body: await member(params.id) };
    },

    listActivity: async ({ query }) => ({
      status: 200,
      body: await listTeamActivity(deps.db, query.page),
    }),
  });
}
