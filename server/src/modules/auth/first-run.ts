import { type FirstAdmin, SETUP_TOKEN_FRAGMENT } from "@app/contracts";
import type { Logger } from "pino";
import type { Config } from "../../config";
import type { Database, Db } from "../../db/database";
import { AppError } from "../../http/app-error";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import { randomToken, sha256 } from "../../platform/secrets";
import { isoAt, normalizeEmail } from "../../platform/values";
import { draftUser, findOrInsertUser, metadataJson } from "./accounts";
import { assertStrongPassword, createPasswordHasher } from "./passwords";
import { appMetadataOf } from "./user-json";
import { listUsers } from "./users-repository";

/** Long enough to read the log and fill in one form; a restart issues a fresh link anyway. */
const SETUP_LINK_SECONDS = 3600;

export interface FirstRunDeps {
  db: Database;
  config: Pick<Config, "BCRYPT_COST" | "SITE_URL">;
  now: () => number;
}

async function hasAdministrator(db: Db): Promise<boolean> {
  return (await listUsers(db)).some((user) => appMetadataOf(user).role === "admin");
}

/**
 * While nobody can administer the product, whoever runs the server gets a way in without the CLI: each
 * start replaces the setup link (single use, one hour) and logs it. The token rides in the fragment, so
 * opening the link sends it to no server log or Referer; only the page's form posts it. Once an
 * administrator exists, no link is issued and any left over is dropped.
 */
export async function offerFirstRunSetup(deps: FirstRunDeps, logger: Logger): Promise<string | undefined> {
  const { db } = deps;
  if (await hasAdministrator(db)) {
    await db.deleteFrom("setup_tokens").execute();
    return undefined;
  }
  const token = randomToken();
  const nowMs = deps.now();
  await db.withTransaction(async (trx) => {
    await trx.deleteFrom("setup_tokens").execute();
    await trx
      .insertInto("setup_tokens")
      .values({
        token_hash: sha256(token),
        expires_at: isoAt(nowMs + SETUP_LINK_SECONDS * 1000),
        created_at: isoAt(nowMs),
      })
      .execute();
  });
  const link = `${deps.config.SITE_URL}/setup#${new URLSearchParams({ [SETUP_TOKEN_FRAGMENT]: token })}`;
  logger.warn(
    { setupLink: link },
    "no administrator yet: open the setup link to create the first one (single use, expires in one hour)",
  );
  return link;
}

const invalidLink = () =>
  new AppError(
    "setup_link_invalid",
    "This setup link no longer works: it was used, has expired, or an administrator already exists. Restart the server for a fresh link while there is no administrator.",
  );

/**
 * Spends the setup token and creates the first administrator, confirmed, in one transaction: a refused
 * request (weak password, address taken) leaves the link usable, and two requests with one link create
 * one administrator.
 */
export async function createFirstAdmin(deps: FirstRunDeps, input: FirstAdmin, requester: Requester) {
  const email = normalizeEmail(input.email);
  const tokenHash = sha256(input.token);
  const at = isoAt(deps.now());
  // Checked before the password is hashed, so nobody without the link can make the server run bcrypt.
  const live = await deps.db
    .selectFrom("setup_tokens")
    .select("token_hash")
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", at)
    .executeTakeFirst();
  if (!live) throw invalidLink();
  assertStrongPassword(input.password);
  const passwordHash = await createPasswordHasher(deps.config.BCRYPT_COST).hash(input.password);
  const draft = draftUser({
    email,
    passwordHash,
    userMetadata: metadataJson({ full_name: input.full_name }),
    at,
    confirmed: true,
    confirmedRole: "admin",
  });
  await deps.db.withTransaction(async (trx) => {
    const spent = await trx
      .deleteFrom("setup_tokens")
      .where("token_hash", "=", tokenHash)
      .returning("expires_at")
      .executeTakeFirst();
    if (!spent || spent.expires_at <= at || (await hasAdministrator(trx))) throw invalidLink();
    const { created } = await findOrInsertUser(trx, draft);
    if (!created) throw new AppError("email_exists", "A user with this e-mail address already exists.");
  });
  await audit({ db: deps.db, now: deps.now }, "user_created", {
    userId: draft.user.id,
    email,
    requester,
    detail: { role: "admin", via: "first-run setup link" },
  });
  return { email };
}
