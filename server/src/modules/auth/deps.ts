import type { PlatformDeps } from "../../platform/deps";
import type { FactorSecrets } from "./factor-secrets";
import type { TokenSigner } from "./jwt";
import type { PasswordHasher } from "./passwords";

/** What every auth service function needs; built once in app.ts. */
export interface AuthDeps extends PlatformDeps {
  tokens: TokenSigner;
  passwords: PasswordHasher;
  factorSecrets: FactorSecrets;
}

/** The signed-in user a request carries (from its access token, checked against the live session). */
export interface SignedIn {
  userId: string;
  sessionId: string;
  aal: "aal1" | "aal2";
}
