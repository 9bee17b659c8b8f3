import type {
  AuthFactor,
  AuthSession,
  AuthSettings,
  AuthUser,
  EmailOtpType,
  LogoutScope,
  UserSession,
} from "@app/contracts";
import type { AuthError } from "./auth-error";

export type User = AuthUser;
export type Factor = AuthFactor;
/** What is stored and handed out: the contract's session without the one-off weak_password notice. */
export type Session = Omit<AuthSession, "weak_password">;
export type { AuthSettings, EmailOtpType, LogoutScope, UserSession };

export type AuthChangeEvent =
  | "INITIAL_SESSION"
  | "SIGNED_IN"
  | "SIGNED_OUT"
  | "TOKEN_REFRESHED"
  | "USER_UPDATED"
  | "PASSWORD_RECOVERY"
  | "MFA_CHALLENGE_VERIFIED";

export type AuthChangeListener = (event: AuthChangeEvent, session: Session | null) => void;

/** supabase-js style result: exactly one of data / error is meaningful. */
export type AuthResult<T> = { data: T; error: null } | { data: NullData<T>; error: AuthError };
type NullData<T> = { [K in keyof T]: null };

/** The subset of the Web Storage API the client uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}
export type BroadcastChannelConstructor = new (name: string) => BroadcastChannelLike;

/** Enough of `document` to pause the ticker in background tabs. */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

/** Where `storage` events arrive (the window). */
export interface StorageEventSource {
  addEventListener(type: "storage", listener: (event: StorageEvent) => void): void;
  removeEventListener(type: "storage", listener: (event: StorageEvent) => void): void;
}

export interface LocationLike {
  readonly hash: string;
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
}

export interface HistoryLike {
  readonly state: unknown;
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
}

/** The part of the Web Locks API used to let one tab refresh at a time. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface AuthClientOptions {
  /** The server's origin (the auth API lives under /auth/v1 of it). */
  url: string;
  anonKey: string;
  storageKey?: string;
  /** Start the 30 s ticker at creation (default true). */
  autoRefreshToken?: boolean;
  /**
   * How mailed links sign in: "implicit" (the default) puts the session in the link's fragment; "pkce"
   * sends a code challenge and the link answers `?code=` for exchangeCodeForSession.
   */
  flowType?: "implicit" | "pkce";
  /** Pick up a session or error from the URL fragment at creation (default true when `location` exists). */
  detectSessionInUrl?: boolean;
  fetch?: typeof fetch;
  /** `null` disables persistence (in-memory only). */
  storage?: StorageLike | null;
  BroadcastChannel?: BroadcastChannelConstructor | null;
  document?: VisibilitySource | null;
  storageEvents?: StorageEventSource | null;
  location?: LocationLike | null;
  history?: HistoryLike | null;
  /** `null` forces the storage-lease fallback. */
  locks?: LockManagerLike | null;
  /** Milliseconds since the epoch; timers still use setTimeout/setInterval. */
  now?: () => number;
}

export type RedirectType = EmailOtpType;

export interface InitializeData {
  session: Session | null;
  /** Set when a session arrived in the URL fragment. */
  redirectType: RedirectType | null;
}

/** Outcome of start-up; `error` is set when the URL fragment carried one or its session could not be used. */
export interface InitializeResult {
  data: InitializeData;
  error: AuthError | null;
}

export interface SignUpCredentials {
  email: string;
  password: string;
  options?: { data?: { full_name?: string } & Record<string, unknown>; emailRedirectTo?: string };
}

export interface PasswordCredentials {
  email: string;
  password: string;
}

export interface OtpCredentials {
  email: string;
  options?: { emailRedirectTo?: string; shouldCreateUser?: boolean; data?: Record<string, unknown> };
}

export type VerifyOtpParams =
  | { type: EmailOtpType; token_hash: string }
  | { type: EmailOtpType; email: string; token: string };

export interface UserAttributes {
  email?: string;
  password?: string;
  nonce?: string;
  data?: Record<string, unknown>;
}

export interface WeakPassword {
  message: string;
  reasons: ("length" | "characters" | "pwned")[];
}
