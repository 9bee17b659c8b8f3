/**
 * Every error the server answers, by domain code: its HTTP status, and the code each API family's clients
 * read (GoTrue's `error_code` under /auth/v1, PostgREST's `code` under /rest/v1, Supabase Storage's `code`
 * under /storage/v1). A throw site names the
 * domain code only; the error middleware picks the family's shape. Where a family answers the same
 * situation with another status (GoTrue says 403 for a bad JWT, PostgREST 401), the family states it.
 */
type FamilyCode = string | { code: string; status: number };

export interface CatalogueEntry {
  status: number;
  /** GoTrue's error_code; the domain code itself when absent. */
  auth?: FamilyCode;
  /** PostgREST's code; the domain code itself when absent (PostgreSQL's SQLSTATEs, PGRST codes). */
  rest?: FamilyCode;
  /** Supabase Storage's error code; the domain code itself when absent. */
  storage?: string;
  /** Answered with the API gateway's bare `{message}`, as Supabase's gateway does for key errors. */
  gateway?: boolean;
}

const request = {
  invalid_request: { status: 400, auth: "validation_failed", rest: "PGRST100", storage: "InvalidRequest" },
  invalid_body: { status: 400, auth: "validation_failed", rest: "PGRST102", storage: "InvalidRequest" },
  bad_json: { status: 400, auth: "bad_json", rest: "PGRST102", storage: "InvalidRequest" },
  unsupported_media_type: {
    status: 415,
    auth: "validation_failed",
    rest: "PGRST107",
    storage: "InvalidRequest",
  },
  payload_too_large: { status: 413, auth: "request_too_large", rest: "PGRST413", storage: "EntityTooLarge" },
  not_found: { status: 404, auth: "not_found", rest: "PGRST205", storage: "NotFound" },
  method_not_allowed: {
    status: 405,
    auth: "method_not_allowed",
    rest: "PGRST117",
    storage: "InvalidRequest",
  },
  rate_limited: { status: 429, auth: "over_request_rate_limit", rest: "PGRST429", storage: "SlowDown" },
  internal_error: { status: 500, auth: "unexpected_failure", rest: "PGRST000", storage: "InternalError" },
} satisfies Record<string, CatalogueEntry>;

const access = {
  no_api_key: { status: 401, gateway: true },
  invalid_api_key: { status: 401, gateway: true },
  not_signed_in: { status: 401, auth: "no_authorization", rest: "PGRST301", storage: "AccessDenied" },
  jwt_invalid: {
    status: 401,
    auth: { code: "bad_jwt", status: 403 },
    rest: "PGRST301",
    storage: "InvalidJWT",
  },
  jwt_expired: {
    status: 401,
    auth: { code: "bad_jwt", status: 403 },
    rest: "PGRST303",
    storage: "InvalidJWT",
  },
  session_ended: {
    status: 401,
    auth: { code: "session_not_found", status: 403 },
    rest: "PGRST301",
    storage: "InvalidJWT",
  },
  permission_denied: { status: 403, auth: "forbidden", rest: "42501", storage: "AccessDenied" },
  aal2_required: { status: 403, auth: "insufficient_aal", rest: "42501", storage: "AccessDenied" },
  /** The service_role key sent from a browser page of an origin outside CORS_ORIGINS: a leaked secret. */
  service_key_in_browser: {
    status: 401,
    auth: "no_authorization",
    rest: "PGRST301",
    storage: "AccessDenied",
  },
  /** A function that acts as the signed-in person, called with the service_role key (which is nobody). */
  service_role_not_a_person: {
    status: 403,
    auth: "forbidden",
    rest: "42501",
    storage: "AccessDenied",
  },
  /** GoTrue's admin API refusing anything but the service_role key. */
  not_admin: { status: 403, rest: "42501", storage: "AccessDenied" },
} satisfies Record<string, CatalogueEntry>;

/** GoTrue's own situations, named as GoTrue names them. */
const auth = {
  validation_failed: { status: 400, rest: "PGRST100" },
  invalid_credentials: { status: 400 },
  email_not_confirmed: { status: 400 },
  weak_password: { status: 422 },
  email_exists: { status: 422 },
  user_already_exists: { status: 422 },
  user_not_found: { status: 404 },
  session_not_found: { status: 403 },
  refresh_token_not_found: { status: 400 },
  refresh_token_already_used: { status: 400 },
  session_expired: { status: 400 },
  otp_expired: { status: 403 },
  flow_state_not_found: { status: 404 },
  flow_state_expired: { status: 422 },
  bad_code_verifier: { status: 400 },
  setup_link_invalid: { status: 403 },
  no_authorization: { status: 401 },
  over_request_rate_limit: { status: 429, rest: "PGRST429" },
  over_email_send_rate_limit: { status: 429, rest: "PGRST429" },
  insufficient_aal: { status: 403, rest: "42501" },
  reauthentication_needed: { status: 400 },
  reauthentication_not_valid: { status: 422 },
  mfa_factor_not_found: { status: 404 },
  mfa_factor_name_conflict: { status: 422 },
  mfa_verification_failed: { status: 422 },
  mfa_challenge_expired: { status: 422 },
  mfa_factor_locked: { status: 429 },
  too_many_enrolled_mfa_factors: { status: 422 },
  submission_rejected: { status: 400, rest: "PGRST100" },
  /** 400 at the token endpoint, 403 where GoTrue refuses a link. */
  user_banned: { status: 400 },
} satisfies Record<string, CatalogueEntry>;

/** PostgREST's and PostgreSQL's situations, by the code PostgREST answers. */
const data = {
  PGRST100: { status: 400, auth: "validation_failed" },
  PGRST102: { status: 400, auth: "validation_failed" },
  PGRST103: { status: 416, auth: "validation_failed" },
  PGRST109: { status: 400, auth: "validation_failed" },
  /** No media type the Accept header names is one the data API answers. */
  /** PUT's filters are not exactly `key=eq.value` on the primary key. */
  PGRST105: { status: 405, auth: "validation_failed" },
  PGRST107: { status: 406, auth: "validation_failed" },
  /** Filters, order or a limit for an embedded resource the select does not embed. */
  PGRST108: { status: 400, auth: "validation_failed" },
  /** An embedded resource no foreign key relates to the table. */
  PGRST200: { status: 400, auth: "validation_failed" },
  /** More than one foreign key relates the two tables: a hint must pick one. */
  PGRST201: { status: 300, auth: "validation_failed" },
  /** PUT with limit or offset. */
  PGRST114: { status: 400, auth: "validation_failed" },
  /** PUT's body names another key than its filter. */
  PGRST115: { status: 400, auth: "validation_failed" },
  PGRST116: { status: 406, auth: "validation_failed" },
  PGRST122: { status: 400, auth: "validation_failed" },
  /** Aggregates in select (`count()`, `amount.sum()`): off, as in PostgREST's default configuration. */
  PGRST123: { status: 400, auth: "validation_failed" },
  /** A PostgREST form this server reads but does not implement; the details name it. */
  PGRST127: { status: 400, auth: "validation_failed" },
  /** An RPC called with a verb other than the one it is served with. */
  PGRST101: { status: 405, auth: "method_not_allowed" },
  /** Accept-Profile or Content-Profile naming a schema other than public, the only one exposed. */
  PGRST106: { status: 406, auth: "validation_failed" },
  /** An RPC no module serves. */
  PGRST202: { status: 404, auth: "not_found" },
  PGRST124: { status: 400, auth: "validation_failed" },
  PGRST204: { status: 400, auth: "validation_failed" },
  "42501": { status: 403, auth: "forbidden" },
  "42703": { status: 400, auth: "validation_failed" },
  "42883": { status: 400, auth: "validation_failed" },
  /** A text search query PostgreSQL's to_tsquery could not read (or both engines could not read alike). */
  "42601": { status: 400, auth: "validation_failed" },
  "42P10": { status: 400, auth: "validation_failed" },
  /** A cast between types PostgreSQL has no cast for (`boolean::numeric`). */
  "42846": { status: 400, auth: "validation_failed" },
  /** A JSON value of another kind than a cast takes (`'"x"'::jsonb::integer`). */
  "22023": { status: 400, auth: "validation_failed" },
  "21000": { status: 400, auth: "validation_failed" },
  "22P02": { status: 400, auth: "validation_failed" },
  "22001": { status: 400, auth: "validation_failed" },
  "22003": { status: 400, auth: "validation_failed" },
  "22007": { status: 400, auth: "validation_failed" },
  "22008": { status: 400, auth: "validation_failed" },
  "22021": { status: 400, auth: "validation_failed" },
  /** A time zone offset beyond PostgreSQL's ±15:59. */
  "22009": { status: 400, auth: "validation_failed" },
  /** A LIKE pattern ending in its escape character. */
  "22025": { status: 400, auth: "validation_failed" },
  /** A regular expression either engine would refuse or read differently. */
  "2201B": { status: 400, auth: "validation_failed" },
  /** A JSON value holding the NUL character, which jsonb cannot store. */
  "22P05": { status: 400, auth: "validation_failed" },
  "23502": { status: 400, auth: "validation_failed" },
  "23503": { status: 409, auth: "conflict" },
  "23505": { status: 409, auth: "conflict" },
  "23514": { status: 400, auth: "validation_failed" },
  "23P01": { status: 409, auth: "conflict" },
} satisfies Record<string, CatalogueEntry>;

/** Legal documents' own situations. */
const legal = {
  /** A lifecycle move the document's status does not allow (PostgreSQL's object_not_in_prerequisite_state). */
  invalid_state: { status: 409, auth: "conflict", rest: "55000" },
  /** A signing link that is unknown, used, expired or whose document was voided: all answered alike. */
  signing_link_invalid: { status: 410, auth: "otp_expired", rest: "PGRST116" },
  /** The typed signature is not the signing party's name. */
  signature_name_mismatch: { status: 422, auth: "validation_failed", rest: "23514" },
  /** A stored file the document depends on no longer matches the SHA-256 recorded when it was sent. */
  document_integrity_failed: { status: 409, auth: "conflict", rest: "55000", storage: "InvalidRequest" },
} satisfies Record<string, CatalogueEntry>;

/** Deliverables and the client's approval of a version. */
const deliverables = {
  /** An approval link that is unknown, used or expired: all answered alike. */
  approval_link_invalid: { status: 410, auth: "otp_expired", rest: "PGRST116" },
  /** The decision names a SHA-256 that is not the version's: the page showed other bytes. */
  approval_hash_mismatch: { status: 409, auth: "conflict", rest: "55000" },
  /** A newer version was uploaded (or the version was decided through another link) since the link was sent. */
  approval_superseded: { status: 409, auth: "conflict", rest: "55000" },
} satisfies Record<string, CatalogueEntry>;

/** Invoices' own situations. */
const money = {
  /** Issuing an invoice that lacks a field a full Swedish invoice must show (the details list them). */
  invoice_incomplete: { status: 422, auth: "validation_failed", rest: "23514" },
  /** A payment beyond what is still owed on the invoice. */
  payment_exceeds_balance: { status: 422, auth: "validation_failed", rest: "23514" },
  /** Late-payment compensation asked of a buyer who does not owe it: only a business buyer does. */
  compensation_not_owed: { status: 422, auth: "validation_failed", rest: "23514" },
  /**
   * A save against a version (the `updated_at` read) that is no longer the row's: someone saved in
   * between, so nothing was written (PostgreSQL's serialization_failure).
   */
  stale_version: { status: 409, auth: "conflict", rest: "40001" },
  /** An export that needs the seller's details (company settings) before any are saved. */
  company_settings_missing: { status: 409, auth: "conflict", rest: "55000" },
  /** A royalty statement file that cannot be read: the details name the row and the column. */
  royalty_statement_invalid: { status: 422, auth: "validation_failed", rest: "22P02" },
} satisfies Record<string, CatalogueEntry>;

/** Royalties' own situations. */
const royalties = {
  /** Works CISAC's share rules would reject: the details name each work and what is wrong. */
  cwr_share_rules: { status: 422, auth: "validation_failed", rest: "23514" },
  /** A CWR file needs the business's publisher details (IPI, sender code, societies) in company settings. */
  cwr_sender_missing: { status: 409, auth: "conflict", rest: "55000" },
  /** An uploaded acknowledgement that is not a society's CWR ACK file (the message says where). */
  cwr_ack_invalid: { status: 422, auth: "validation_failed", rest: "22P02" },
  /** Mailing a statement to a payee with no e-mail address on their contact (or their company's). */
  payee_without_address: { status: 422, auth: "validation_failed", rest: "23514" },
} satisfies Record<string, CatalogueEntry>;

/** The back office's team administration. */
const team = {
  /** Inviting an address that already has an account. */
  member_exists: { status: 409, auth: "email_exists", rest: "23505" },
  /** Taking the administrator role from the last administrator. */
  last_admin: { status: 409, auth: "conflict", rest: "55000" },
  /** An administrator blocking their own account. */
  self_ban: { status: 409, auth: "conflict", rest: "55000" },
} satisfies Record<string, CatalogueEntry>;

/** Supabase Storage's situations, by the code Storage answers (its `statusCode` is the HTTP status). */
const storage = {
  NoSuchBucket: { status: 404, auth: "not_found", rest: "PGRST205" },
  NoSuchKey: { status: 404, auth: "not_found", rest: "PGRST205" },
  KeyAlreadyExists: { status: 409, auth: "conflict", rest: "23505" },
  InvalidKey: { status: 400, auth: "validation_failed", rest: "PGRST100" },
  InvalidMimeType: { status: 415, auth: "validation_failed", rest: "PGRST107" },
  EntityTooLarge: { status: 413, auth: "request_too_large", rest: "PGRST413" },
  InvalidSignature: { status: 400, auth: "validation_failed", rest: "PGRST100" },
  /** An object a sent or signed document depends on: it may never be replaced, moved or removed. */
  ResourceLocked: { status: 409, auth: "conflict", rest: "55000" },
  BucketAlreadyExists: { status: 409, auth: "conflict", rest: "23505" },
  /** Deleting a bucket that still holds objects. */
  ResourceNotEmpty: { status: 409, auth: "conflict", rest: "55000" },
  InvalidBucketName: { status: 400, auth: "validation_failed", rest: "PGRST100" },
  /** A render's source over the byte or pixel limit: refused from its size or header, never decoded. */
  ImageTooLarge: { status: 413, auth: "request_too_large", rest: "PGRST413", storage: "EntityTooLarge" },
  /** A render's source whose bytes do not decode as the image they claim, or that take too long to. */
  ImageNotRenderable: { status: 422, auth: "validation_failed", rest: "22P02", storage: "InvalidImage" },
  /**
   * Emptying, deleting or changing the rules of a bucket the product keeps its own files in: nobody may,
   * so it is answered as Storage answers what the caller is not allowed to do.
   */
  built_in_bucket: { status: 403, auth: "forbidden", rest: "42501", storage: "AccessDenied" },
} satisfies Record<string, CatalogueEntry>;

/** Backups' own situations (administrators' routes under /api). */
const backups = {
  backup_in_progress: { status: 409, auth: "conflict", rest: "55006", storage: "InvalidRequest" },
  backup_failed: { status: 500, auth: "unexpected_failure", rest: "PGRST000", storage: "InternalError" },
} satisfies Record<string, CatalogueEntry>;

/** The royalty ledger's own situations. */
const royaltyLedger = {
  /** A statement file whose SHA-256 an earlier import already has: its money is counted once. */
  royalty_file_imported: { status: 409, auth: "conflict", rest: "23505" },
  /** A write into a closed royalty period, which never changes again (corrections go into a later one). */
  royalty_period_closed: { status: 409, auth: "conflict", rest: "55000" },
  /** An import without a period to put it in: none named, and no open period holds the import day. */
  royalty_period_needed: { status: 422, auth: "validation_failed", rest: "23502" },
  /** A VAT-registered payee without a VAT number: their self-billing invoice could not name it. */
  royalty_payee_vat_number: { status: 422, auth: "validation_failed", rest: "23502" },
} satisfies Record<string, CatalogueEntry>;

export const errorCatalogue = {
  ...request,
  ...access,
  ...auth,
  ...data,
  ...storage,
  ...legal,
  ...deliverables,
  ...money,
  ...royalties,
  ...team,
  ...backups,
  ...royaltyLedger,
} satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalogue, code);

export type ApiFamily = "auth" | "rest" | "storage" | "api";

/** The code and status a family's clients see for a domain code. */
export function familyAnswer(
  family: ApiFamily,
  code: ErrorCode,
  status: number,
): { code: string; status: number } {
  const entry: CatalogueEntry = errorCatalogue[code];
  const own =
    family === "auth"
      ? entry.auth
      : family === "rest"
        ? entry.rest
        : family === "storage"
          ? entry.storage
          : undefined;
  if (typeof own === "object") return own;
  return { code: own ?? code, status };
}
