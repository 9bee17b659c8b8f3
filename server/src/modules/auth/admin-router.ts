import { type AdminCreateUser, type AdminUpdateUser, contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Request, Response } from "express";
import { AppError } from "../../http/app-error";
import { requesterOf } from "../../platform/deps";
import type { Actor } from "./actor";
import type { AuthDeps } from "./deps";
import * as factorsRepo from "./factors-repository";
import { generateLink, inviteUser } from "./invitations";
import { type AccountChanges, createUser, deleteAccount, removeFactor, updateAccount } from "./user-admin";
import { toFactor, toUserJson } from "./user-json";
import { findUserById, listUsersPage } from "./users-repository";

const s = initServer();

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GoTrue answers a path id that is not a UUID with 404, before looking anything up. */
function uuidParam(value: string, name: "user_id" | "factor_id") {
  if (!UUID.test(value)) throw new AppError("validation_failed", `${name} must be an UUID`, { status: 404 });
  return value.toLowerCase();
}

const serviceRole = (req: Request): Actor => ({ kind: "service_role", requester: requesterOf(req) });

function accountChanges(body: AdminCreateUser | AdminUpdateUser): AccountChanges {
  return {
    email: body.email,
    password: body.password,
    emailConfirm: body.email_confirm,
    userMetadata: body.user_metadata,
    appMetadata: body.app_metadata,
    banDuration: body.ban_duration,
  };
}

/**
 * GoTrue's Link header: `next` (when there is a next page) and `last`, each the request's own URL with
 * `page` changed. Query keys sorted as Go encodes them, so `page` comes first (auth-js reads it there).
 */
function paginationHeaders(res: Response, path: string, page: number, perPage: number, total: number) {
  const lastPage = Math.ceil(total / perPage);
  const url = (to: number) => {
    const query = new URLSearchParams({ page: String(to), per_page: String(perPage) });
    return `<${path}?${query.toString()}>`;
  };
  const links = [
    ...(lastPage > page ? [`${url(page + 1)}; rel="next"`] : []),
    `${url(lastPage)}; rel="last"`,
  ];
  res.setHeader("Link", links.join(", "));
  res.setHeader("X-Total-Count", String(total));
}

export function authAdminRouter(deps: AuthDeps) {
  const userOf = async (userId: string) => {
    const user = await findUserById(deps.db, uuidParam(userId, "user_id"));
    if (!user) throw new AppError("user_not_found", "User not found");
    return user;
  };

  return s.router(contract.authAdmin, {
    listUsers: async ({ query, req, res }) => {
      const page = Math.max(1, query.page ?? 1);
      const perPage = Math.min(MAX_PER_PAGE, Math.max(1, query.per_page ?? DEFAULT_PER_PAGE));
      const { rows, total } = await listUsersPage(deps.db, {
        offset: (page - 1) * perPage,
        limit: perPage,
      });
      paginationHeaders(res, req.path, page, perPage, total);
      const users = await Promise.all(rows.map((row) => toUserJson(deps.db, row)));
      return { status: 200, body: { users, aud: "authenticated" } };
    },

    createUser: async ({ body, req }) => {
      const user = await createUser(deps, serviceRole(req), { ...accountChanges(body), email: body.email });
      return { status: 200, body: await toUserJson(deps.db, user) };
    },

    getUser: async ({ params }) => ({
      status: 200,
      body: await toUserJson(deps.db, await userOf(params.userId)),
    }),

    updateUser: async ({ params, body, req }) => {
      const { user } = await updateAccount(
        deps,
        serviceRole(req),
        uuidParam(params.userId, "user_id"),
        accountChanges(body),
      );
      return { status: 200, body: await toUserJson(deps.db, user) };
    },

    deleteUser: async ({ params, body, req }) => {
      if (body?.should_soft_delete) {
        throw new AppError("validation_failed", "Soft delete is not supported: delete the user instead");
      }
      await deleteAccount(deps, serviceRole(req), uuidParam(params.userId, "user_id"));
      return { status: 200, body: {} };
    },

    listFactors: async ({ params }) => {
      const user = await userOf(params.userId);
      return { status: 200, body: (await factorsRepo.listFactors(deps.db, user.id)).map(toFactor) };
    },

    deleteFactor: async ({ params, req }) => {
      const { factor } = await removeFactor(
        deps,
        serviceRole(req),
        uuidParam(params.userId, "user_id"),
        uuidParam(params.factorId, "factor_id"),
      );
      return { status: 200, body: toFactor(factor) };
    },

    invite: async ({ body, query, req }) => {
      const user = await inviteUser(deps, serviceRole(req), {
        email: body.email,
        data: body.data,
        redirectTo: query.redirect_to,
      });
      return { status: 200, body: await toUserJson(deps.db, user) };
    },

    generateLink: async ({ body, query, req }) => ({
      status: 200,
      body: await generateLink(deps, serviceRole(req), body, query.redirect_to),
    }),
  });
}
