import type { MailKind } from "@app/contracts";
import type { Generated, Insertable, Selectable } from "kysely";
import type { RegistryTables } from "./registry-tables";

/**
 * Row types as either engine returns them. SQLite keeps lists and objects as JSON text and booleans as
 * 0/1; PostgreSQL has text[], jsonb and boolean. Repositories read these through the helpers in
 * db/stored-values.ts (or Boolean()), so services see one shape.
 *
 * The data API's tables are not written here: their types come from their declarations (registry-tables.ts).
 * Only the tables behind the other services (auth, storage, mail, forms, rate limits) are hand-written.
 */
type Flag = boolean | number;
export type StoredList = string | string[];
interface Handling {
  handled_at: string | null;
  created_at: Generated<string>;
}

export interface ApplicationTable extends Handling {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  portfolio: string | null;
  experience: string;
  vision: string;
  ip_hash: string | null;
}

export interface ContactMessageTable extends Handling {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip_hash: string | null;
}

export interface NewsletterSubscriptionTable extends Handling {
  id: string;
  email: string;
  interest_releases: Flag;
  interest_events: Flag;
  interest_behind_the_scenes: Flag;
  interest_platform: Flag;
  updated_at: Generated<string>;
}

/** A newsletter request waiting for its address to confirm it; a subscription changes only then. */
export interface NewsletterPendingTable {
  /** sha256 of the mailed link token; the token itself is never stored. */
  token_hash: string;
  email: string;
  interest_releases: Flag;
  interest_events: Flag;
  interest_behind_the_scenes: Flag;
  interest_platform: Flag;
  expires_at: string;
  created_at: string;
}

/** Auth service (GoTrue-compatible). Timestamps are ISO-8601 UTC text; JSON columns are TEXT. */
interface UserTable {
  id: string;
  /** Lower-cased. */
  email: string;
  /** bcrypt hash; null for users who only ever signed in by magic link. */
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  /** The new address of a pending e-mail change. */
  email_change: string | null;
  email_change_sent_at: string | null;
  last_sign_in_at: string | null;
  /** Sign-in, links and refresh are refused until then (GoTrue's ban). */
  banned_until: Generated<string | null>;
  /** When the account was last invited by an administrator. */
  invited_at: Generated<string | null>;
  /** The role a pending invitation grants when it is redeemed; the account holds no role until then. */
  invited_role: Generated<"admin" | "staff" | null>;
  raw_app_meta_data: Generated<string>;
  raw_user_meta_data: Generated<string>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}
export type UserRow = Selectable<UserTable>;

/**
 * Where an account's right password was given from lately: a wrong one from there counts against that
 * address's own budget instead of the account's shared one (see sign-in.ts).
 */
interface KnownSignInAddressTable {
  user_id: string;
  ip: string;
  signed_in_at: string;
}

interface IdentityTable {
  id: string;
  user_id: string;
  provider: string;
  provider_id: string;
  identity_data: Generated<string>;
  last_sign_in_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}
export type IdentityRow = Selectable<IdentityTable>;

interface SessionTable {
  id: string;
  user_id: string;
  aal: Generated<"aal1" | "aal2">;
  factor_id: string | null;
  /** JSON list of {method, timestamp}. */
  amr: Generated<string>;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  /** Last refresh: the inactivity timeout counts from here. */
  refreshed_at: string;
  /** Absolute end of the session (SESSION_TIMEBOX). */
  not_after: string;
  ended_at: string | null;
  ended_reason: string | null;
}
export type SessionRow = Selectable<SessionTable>;

interface RefreshTokenTable {
  id: Generated<number>;
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  user_id: string;
  parent_id: number | null;
  revoked_at: string | null;
  created_at: string;
}
export type RefreshTokenRow = Selectable<RefreshTokenTable>;

/**
 * An e-mail change mails two tokens: `email_change` to the new address, `email_change_current` to the
 * current one. `reauthentication` is a code without a link, asked for before a sensitive change.
 */
export type OneTimeTokenType =
  | "confirmation"
  | "magiclink"
  | "recovery"
  | "email_change"
  | "email_change_current"
  | "reauthentication"
  | "invite";

interface OneTimeTokenTable {
  id: string;
  user_id: string;
  token_type: OneTimeTokenType;
  /** sha256 of the link token (a code-only token stores the hash of a random value nobody holds). */
  token_hash: string;
  /** sha256 of address and 6-digit code. */
  code_hash: string;
  /** The address the token was sent to. */
  relates_to: string;
  /**
   * Confirmation tokens: sha256 of the password hash the account had when the token was issued, i.e. the
   * password of the sign-up this link confirms (null without one). Other types: null.
   */
  password_fingerprint: string | null;
  redirect_to: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export type OneTimeTokenRow = Selectable<OneTimeTokenTable>;

/** A PKCE flow: the code challenge a mailed link was requested with, and the auth code its visit issued. */
interface FlowStateTable {
  id: string;
  user_id: string;
  /** The link token this flow belongs to; deleting or replacing the token deletes the flow. */
  one_time_token_id: string;
  /** How the session it leads to was authenticated: its `amr` method, as GoTrue names it. */
  authentication_method: "magiclink" | "email/signup" | "recovery" | "email_change" | "invite";
  code_challenge: string;
  code_challenge_method: "s256" | "plain";
  /** sha256 of the auth code; null until the link is followed. */
  auth_code_hash: string | null;
  auth_code_issued_at: string | null;
  created_at: string;
}
export type FlowStateRow = Selectable<FlowStateTable>;

interface MfaFactorTable {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: "totp";
  status: "verified" | "unverified";
  /** TOTP secret, sealed with AES-256-GCM (see modules/auth/factor-secrets.ts for the schemes). */
  secret: string;
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  last_verified_step: number | null;
  /** Verification attempts since the last accepted code; every fifth one locks the factor. */
  failed_attempts: Generated<number>;
  /** While in the future, verification is refused without looking at the code. */
  locked_until: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}
export type MfaFactorRow = Selectable<MfaFactorTable>;

/** An asymmetric access-token signing key (see modules/auth/signing-keys.ts for its life cycle). */
interface AuthSigningKeyTable {
  kid: string;
  alg: "ES256" | "RS256";
  status: "standby" | "current" | "previous" | "retired";
  /** The public key as a JWK (JSON text), as published in the JWKS. */
  public_jwk: string;
  /** PKCS#8 PEM, sealed with AES-256-GCM under a key derived from MFA_ENCRYPTION_KEY. */
  private_key_sealed: string;
  /** Epoch seconds, like the `exp` claims they are compared with. */
  created_at: number;
  promoted_at: number | null;
  superseded_at: number | null;
  retired_at: number | null;
}
export type AuthSigningKeyRow = Selectable<AuthSigningKeyTable>;

interface MfaChallengeTable {
  id: string;
  factor_id: string;
  ip_address: string | null;
  verified_at: string | null;
  created_at: string;
}
export type MfaChallengeRow = Selectable<MfaChallengeTable>;

export type { MailKind };

export interface MailOutboxTable {
  id: string;
  kind: MailKind;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string;
  /** JSON list of the files the mail carried: name, content type, size and SHA-256 (never the bytes). */
  attachments: Generated<string>;
  transport: "outbox" | "smtp";
  sent_at: string | null;
  error: string | null;
  created_at: string;
}
export type MailOutboxRow = Selectable<MailOutboxTable>;

interface AuditLogTable {
  id: Generated<number>;
  action: string;
  user_id: string | null;
  email: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: Generated<string>;
  created_at: string;
}
export type AuditLogRow = Selectable<AuditLogTable>;

/** A broadcast or presence diff one node relays to the others (see m0045). */
interface RealtimeMessageTable {
  id: Generated<number>;
  node: string;
  room: string;
  event: "broadcast" | "presence_diff";
  /** JSON: text on SQLite, an object on PostgreSQL. */
  payload: unknown;
  created_at: Generated<string>;
}

/** A running node's lease: its presences stand while it is renewed. */
interface RealtimeNodeTable {
  id: string;
  expires_at: string;
}

/** One presence tracked on a node, so other nodes can list it. */
interface RealtimePresenceTable {
  ref: string;
  node: string;
  room: string;
  presence_key: string;
  /** JSON: text on SQLite, an object on PostgreSQL. */
  meta: unknown;
}

/** A row written to a data-API table, as its trigger logged it for the realtime feed (see m0043). */
interface RowChangeTable {
  id: Generated<number>;
  table_name: string;
  op: "INSERT" | "UPDATE" | "DELETE";
  /** The writing transaction (PostgreSQL); null on SQLite, where the id alone is the commit order. */
  tx: number | null;
  /** The row as JSON: text on SQLite, an object on PostgreSQL. */
  row: unknown;
  created_at: Generated<string>;
}

interface RateLimitTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch. */
  reset_at: number;
}

/** A signer's mailed link, by the SHA-256 of its token: single use, expiring, dead once the document is void. */
export interface LegalSigningLinkTable {
  token_hash: string;
  document_id: string;
  party_index: number;
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export type LegalSigningLinkRow = Selectable<LegalSigningLinkTable>;
/** A client's mailed approval link for one version, by the SHA-256 of its token: single use, expiring. */
export interface DeliverableApprovalLinkTable {
  token_hash: string;
  version_id: string;
  email: string;
  expires_at: string;
  used_at: string | null;
  created_by: string | null;
  created_at: string;
}
/** A person's calendar feed, by the SHA-256 of its link's token: one live link per person. */
interface StudioCalendarFeedTable {
  contact_id: string;
  token_hash: string;
  created_by: string | null;
  created_at: string;
}
/** Each year's last project number, so the next project's code is taken atomically. */
interface ProjectCodeCounterTable {
  year: number;
  last_number: number;
}
interface SetupTokenTable {
  /** sha256 of the first-run setup link's token. */
  token_hash: string;
  expires_at: string;
  created_at: string;
}

interface StorageBucketTable {
  id: string;
  name: string;
  public: Flag;
  file_size_limit: number;
  /** Empty: any type. Entries may end in `/*` (`image/*`). */
  allowed_mime_types: StoredList;
  /** A bucket the product keeps its own files in: fixed rules, never emptied or deleted. */
  built_in: Generated<Flag>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}
export type StorageBucketRow = Selectable<StorageBucketTable>;

interface StorageObjectTable {
  id: string;
  bucket_id: string;
  name: string;
  blob_id: string;
  size: number;
  mimetype: string;
  /** The MD5 of the bytes, quoted, as S3 and Supabase Storage answer it. */
  etag: string;
  /** max-age in seconds, served in Cache-Control. */
  cache_control: number;
  /** The person who wrote it. */
  owner: string | null;
  /** "service_role" when the service key wrote it (owner is then null); null otherwise. */
  owner_role: "service_role" | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}
export type StorageObjectRow = Selectable<StorageObjectTable>;

/** PostgreSQL only: the objects' bytes, in chunks so neither a write nor a read holds a whole file. */
interface StorageBlobTable {
  blob_id: string;
  seq: number;
  data: Buffer;
}

/** Signed upload URLs already used, by their token's id, until the token would have expired. */
interface StorageUsedUploadTokenTable {
  token_id: string;
  expires_at: string;
}

/** The last number of each royalty series (works' submitter ids, a year's CWR files). */
interface RoyaltyCounterTable {
  name: string;
  last_number: number;
}

/** A work a CWR file registered, new (NWR) or revised (REV). */
interface CwrExportWorkTable {
  export_id: string;
  work_id: string;
  transaction_type: "NWR" | "REV";
}

export type NewEventRow = Insertable<RegistryTables["events"]>;
export type NewCrmContactRow = Insertable<RegistryTables["crm_contacts"]>;

export interface Tables extends RegistryTables {
  applications: ApplicationTable;
  contact_messages: ContactMessageTable;
  newsletter_subscriptions: NewsletterSubscriptionTable;
  newsletter_pending: NewsletterPendingTable;
  users: UserTable;
  identities: IdentityTable;
  sessions: SessionTable;
  known_sign_in_addresses: KnownSignInAddressTable;
  refresh_tokens: RefreshTokenTable;
  one_time_tokens: OneTimeTokenTable;
  flow_state: FlowStateTable;
  mfa_factors: MfaFactorTable;
  mfa_challenges: MfaChallengeTable;
  auth_signing_keys: AuthSigningKeyTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitTable;
  row_changes: RowChangeTable;
  realtime_messages: RealtimeMessageTable;
  realtime_nodes: RealtimeNodeTable;
  realtime_presences: RealtimePresenceTable;
  setup_tokens: SetupTokenTable;
  legal_signing_links: LegalSigningLinkTable;
  deliverable_approval_links: DeliverableApprovalLinkTable;
  studio_calendar_feeds: StudioCalendarFeedTable;
  project_code_counters: ProjectCodeCounterTable;
  royalty_counters: RoyaltyCounterTable;
  cwr_export_works: CwrExportWorkTable;
  storage_buckets: StorageBucketTable;
  storage_objects: StorageObjectTable;
  storage_blobs: StorageBlobTable;
  storage_used_upload_tokens: StorageUsedUploadTokenTable;
}
