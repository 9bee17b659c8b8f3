import type { Config } from "../../config";
import type { Database } from "../../db/database";
import {
  addSigningKey,
  createKeySealer,
  listSigningKeys,
  promoteSigningKey,
  type RotationDeps,
  retireSigningKey,
  type SigningAlg,
} from "./signing-keys";

/** `pnpm cli auth keys …`: rotate the access-token signing keys without signing anyone out. */

type Option = (args: string[], name: string) => string | undefined;
type WithDatabase = <T>(config: Config, fn: (db: Database) => Promise<T>) => Promise<T>;

export const rotationDeps = (db: Database, config: Config, now: () => number = Date.now): RotationDeps => ({
  db,
  sealer: createKeySealer(config.MFA_ENCRYPTION_KEY),
  accessTokenLifetime: config.JWT_EXPIRY,
  refreshSeconds: config.JWT_KEYS_REFRESH_SECONDS,
  now,
});

function kidOf(args: string[], option: Option) {
  const kid = option(args, "kid");
  if (!kid) throw new Error("--kid is required (see `auth keys list`)");
  return kid;
}

export function signingKeyCommands({ option, withDatabase }: { option: Option; withDatabase: WithDatabase }) {
  return {
    "auth keys list": (_args: string[], { config }: { config: Config }) =>
      withDatabase(config, async (db) => {
        const keys = await listSigningKeys({ db });
        if (keys.length === 0)
          console.log("No signing keys: access tokens are signed with JWT_SECRET (HS256).");
        else console.table(keys);
      }),
    "auth keys add": (args: string[], { config }: { config: Config }) =>
      withDatabase(config, async (db) => {
        const alg = (option(args, "alg") ?? "ES256") as SigningAlg;
        const key = await addSigningKey(rotationDeps(db, config), alg);
        console.log(
          `Added standby ${key.alg} key ${key.kid}: published in the JWKS, signing nothing yet. ` +
            `Promote it with \`auth keys promote --kid ${key.kid}\`.`,
        );
      }),
    "auth keys promote": (args: string[], { config }: { config: Config }) =>
      withDatabase(config, async (db) => {
        const kid = kidOf(args, option);
        await promoteSigningKey(rotationDeps(db, config), kid);
        console.log(
          `Key ${kid} signs new access tokens (every node within ${config.JWT_KEYS_REFRESH_SECONDS} s); ` +
            "the key it replaced still verifies the tokens it signed.",
        );
      }),
    "auth keys retire": (args: string[], { config }: { config: Config }) =>
      withDatabase(config, async (db) => {
        const kid = kidOf(args, option);
        await retireSigningKey(rotationDeps(db, config), kid);
        console.log(`Key ${kid} is retired: no longer published or trusted.`);
      }),
  };
}
