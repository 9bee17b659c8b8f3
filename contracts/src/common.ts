import { z } from "zod";

/** PostgREST's error body, used by every /rest/v1 answer that is not a success. */
export const postgrestErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.string().nullable(),
  hint: z.string().nullable(),
});
export type PostgrestError = z.infer<typeof postgrestErrorSchema>;

/** The error body of the app's own `/api` routes: a stable code to branch on and a sentence to show. */
export const apiErrorSchema = z.object({ code: z.string(), message: z.string() });

/** The gateway's answer when the API key is missing or unusable. */
export const apiKeyErrorSchema = z.object({ message: z.string() });

export const restErrorResponses = {
  400: postgrestErrorSchema,
  401: z.union([postgrestErrorSchema, apiKeyErrorSchema]),
  403: postgrestErrorSchema,
  413: postgrestErrorSchema,
  429: postgrestErrorSchema,
} as const;

/** Headers supabase-js sends with every data call. */
export const restHeadersSchema = z.object({
  apikey: z.string().optional(),
  authorization: z.string().optional(),
  prefer: z.string().optional(),
});

const nonNegativeInt = z.coerce.number().int().min(0).max(1_000_000);

/**
 * The PostgREST read parameters we support: `select`, `order`, `limit`, `offset`.
 * Anything else is refused (strict), so a client never believes a filter was applied when it was not.
 */
export function listQuerySchema<const C extends readonly [string, ...string[]]>(orderable: C) {
  const order = new RegExp(`^(${orderable.join("|")})(\\.(asc|desc))?(\\.(nullsfirst|nullslast))?$`);
  return z
    .object({
      select: z.string().max(1000).optional(),
      order: z
        .string()
        .regex(order, `order must be one of ${orderable.join(", ")} with .asc or .desc`)
        .optional(),
      limit: nonNegativeInt.optional(),
      offset: nonNegativeInt.optional(),
    })
    .strict();
}

/** PostgREST's `id=eq.<uuid>` filter, the one filter our write endpoints take. */
export const idFilterSchema = z
  .object({
    id: z.string().regex(/^eq\.[0-9a-f-]{36}$/i, "id must be eq.<uuid>"),
    select: z.string().max(1000).optional(),
  })
  .strict();

export const uuidSchema = z.string().uuid();
export const timestampSchema = z.string();

/**
 * Who may call a route, read by the server's one authorization middleware:
 * - open: no API key needed (health, e-mailed verify links)
 * - public: the anonymous key (or any signed-in user)
 * - user: a signed-in user's access token
 * - staff: a signed-in user whose app_metadata.role is staff or admin
 * - admin: a signed-in user whose app_metadata.role is admin (team, backups, personal-data requests)
 * - service_role: the server-side service_role key as the bearer, never a person's token (GoTrue's admin API)
 */
export type Access = "open" | "public" | "user" | "staff" | "admin" | "service_role";
export interface RouteMetadata {
  access: Access;
  /**
   * The service_role key passes this route whatever its level, as it does on Supabase's data and storage
   * APIs: it bypasses who-may policies there (never the checks that keep the data whole).
   */
  serviceRoleBypasses?: true;
  /**
   * The route acts as the signed-in person (whose name it records, whose link it makes): the
   * service_role key is nobody, so it is refused with a 403 that says so, not taken for the anonymous key.
   */
  actsAsPerson?: true;
}
export const access = (level: Access): RouteMetadata => ({ access: level });
/**
 * A route of the storage API, a data-API function (`/rest/v1/rpc/<fn>`) or a data-API table with routes of
 * its own (the public forms' inbox): `level` for people, and the service_role key passes it too, as it
 * passes every table's and bucket's policy. The route's own checks still hold, and a function's writes are
 * recorded as the service's.
 */
export const serviceRoleAccess = (level: Access): RouteMetadata => ({
  access: level,
  serviceRoleBypasses: true,
});
/** A data-API function that acts as the signed-in person: the service_role key is refused with a 403. */
export const personRpcAccess = (level: Access): RouteMetadata => ({ access: level, actsAsPerson: true });
