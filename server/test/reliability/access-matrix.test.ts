import { createHash, createHmac, randomUUID } from "node:crypto";
import { type Caller, isAllowed, type TableDefinition, tables } from "@app/contracts";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUrlSigner } from "../../src/modules/storage/signed-url";
import { latestMail, linkPath } from "../auth/support";
import { createTestContext, TEST_SECRET, type TestContext, uniqueEmail } from "../helpers";
import { contractRoutes } from "../support/contract-routes";
import { existingIds, sampleRowWithParents } from "../support/sample-rows";
import { PDF, PNG } from "../support/storage-files";

let ctx: TestContext;
let account: { email: string; password: string };
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  account = await ctx.createUser({ role: "staff" });
  const staff = await ctx.userToken({ role: "staff" });
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
  for (const [bucket, key, bytes] of [
    ["event-posters", POSTER, PNG],
    ["event-posters", IMAGE, image],
    ["documents", DOCUMENT, PDF],
  ] as const) {
    const res = await request(ctx.app)
      .post(`/storage/v1/object/${bucket}/${key}`)
      .set({ apikey: ctx.anonKey, authorization: `Bearer ${staff}` })
      .send(bytes);
    expect(res.status).toBe(200);
  }
  const bucket = await request(ctx.app)
    .post("/storage/v1/bucket")
    .set({ apikey: ctx.anonKey, authorization: `Bearer ${await ctx.userToken({ role: "admin" })}` })
    .send({ name: MATRIX_BUCKET });
  expect(bucket.status).toBe(200);
});
const MATRIX_BUCKET = "matrix-bucket";
const POSTER = "matrix/poster.png";
const DOCUMENT = "matrix/contract.pdf";
/** A real image (POSTER's bytes only start like a PNG): what the render routes can resize. */
const IMAGE = "matrix/image.png";
afterAll(() => ctx.close());

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
const hs256 = (header: object, claims: object) => {
  const head = `${b64(header)}.${b64(claims)}`;
  return `${head}.${createHmac("sha256", TEST_SECRET).update(head).digest("base64url")}`;
};
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString());

type Who =
  | "none"
  | "anon"
  | "noRole"
  | "staff"
  | "admin"
  | "expired"
  | "ended"
  | "tampered"
  | "algNone"
  | "wrongAud"
  | "serviceRole";
const WHO: Who[] = [
  "none",
  "anon",
  "noRole",
  "staff",
  "admin",
  "expired",
  "ended",
  "tampered",
  "algNone",
  "wrongAud",
  "serviceRole",
];

/** Headers for each kind of caller; every user gets a fresh session so sign-outs do not leak across cells. */
async function headersFor(who: Who): Promise<Record<string, string>> {
  const withBearer = (token: string) => ({ apikey: ctx.anonKey, authorization: `Bearer ${token}` });
  switch (who) {
    case "none":
      return {};
    case "anon":
      return { apikey: ctx.anonKey };
    case "noRole":
      return withBearer(await ctx.userToken({ role: null }));
    case "staff":
      return withBearer(await ctx.userToken({ role: "staff" }));
    case "admin":
      return withBearer(await ctx.userToken({ role: "admin" }));
    case "expired":
      return withBearer(await ctx.userToken({ expiresIn: -30 }));
    case "ended": {
      const token = await ctx.userToken({ role: "staff" });
      const out = await request(ctx.app).post("/auth/v1/logout").set(withBearer(token));
      expect(out.status).toBe(204);
      return withBearer(token);
    }
    case "tampered": {
      const [h, , s] = (await ctx.userToken({ role: null })).split(".");
      const claims = { ...claimsOf(await ctx.userToken({ role: null })), app_metadata: { role: "admin" } };
      return withBearer(`${h}.${b64(claims)}.${s}`);
    }
    case "algNone":
      return withBearer(
        `${b64({ alg: "none", typ: "JWT" })}.${b64(claimsOf(await ctx.userToken({ role: "admin" })))}.`,
      );
    case "wrongAud":
      return withBearer(
        hs256(
          { alg: "HS256", typ: "JWT" },
          { ...claimsOf(await ctx.userToken({ role: "admin" })), aud: "someone-else" },
        ),
      );
    case "serviceRole":
      return withBearer(ctx.serviceRoleKey);
  }
}

interface Recipe {
  query?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  params?: Record<string, string | (() => string)>;
  body?: () => object | Promise<object>;
  /** A file body (storage uploads). */
  file?: Buffer;
}
const anyId = () => randomUUID();
let bookings = 0;
/** A booking of a seeded room on a day of its own, so no two cells clash. */
const bookingBody = async () => {
  const day = String(1 + (bookings++ % 28)).padStart(2, "0");
  const [roomId] = await existingIds(ctx.db, "studio_rooms", 1);
  return {
    title: "Matrix",
    room_id: roomId,
    starts_at: `2001-02-${day}T10:00:00Z`,
    ends_at: `2001-02-${day}T11:00:00Z`,
  };
};
const contactBody = () => ({ name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" });
const freshKey = () => `matrix/${randomUUID()}.png`;
const poster = { bucketId: "event-posters", path: POSTER };
const document = { bucketId: "documents", path: DOCUMENT };
const image = { bucketId: "event-posters", path: IMAGE };
const signedRenderToken = () => ({
  token: createUrlSigner(TEST_SECRET, ctx.clock.now).sign("event-posters", IMAGE, 600, { width: 4 }),
});
const signedToken = () => ({
  token: createUrlSigner(TEST_SECRET, ctx.clock.now).sign("documents", DOCUMENT, 600),
});
const missing = () => ({ bucketId: "event-posters", sourceKey: freshKey(), destinationKey: freshKey() });
const freshBucket = () => `matrix-${randomUUID().slice(0, 8)}`;
/** A signed upload URL is bound to its key and used once: each cell signs one for a key of its own. */
let signedUploadKey = "";
const signedUploadPath = () => {
  signedUploadKey = freshKey();
  return signedUploadKey;
};
const signedUploadToken = () => ({
  token: createUrlSigner(TEST_SECRET, ctx.clock.now).signUpload("event-posters", signedUploadKey, {
    upsert: false,
    owner: null,
  }),
});

/**
 * The access-control matrix: one row per contract route, one column per kind of caller, each cell the
 * status a valid request gets. A route missing from this table fails the test.
 * Bad tokens: 401 under /rest/v1 (PostgREST) and /storage/v1, 403 bad_jwt / session_not_found under /auth/v1
 * (GoTrue). Storage routes that take no token (public and signed downloads, signed uploads) ignore a bad one. The
 * service_role key passes GoTrue's admin API, every storage route (private buckets and bucket administration
 * too), every table verb any caller has and every data-API function but those that act as the signed-in
 * person (403, the key being nobody), and the public forms' inbox; on the back office's own routes it is
 * the anonymous key.
 */
// biome-ignore format: the table is easier to read aligned
const MATRIX: Record<string, [Recipe, ...number[]]> = {
  //                                    recipe                                                                         none anon noRole staff admin expired ended tampered algNone wrongAud serviceRole
  "health.getHealth":                  [{},                                                                             200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  "config.getPublicConfig":            [{},                                                                             200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  "realtime.broadcast":                [{ body: () => ({ messages: [{ topic: "matrix", event: "e", payload: {} }] }) },   401, 202, 202, 202, 202, 401, 401, 401, 401, 401, 202],
  "realtime.broadcastEvent":           [{ params: { topic: "matrix", event: "e" }, body: () => ({ n: 1 }) },              401, 202, 202, 202, 202, 401, 401, 401, 401, 401, 202],
  "forms.createContactMessage":        [{ body: contactBody },                                                          401, 201, 201, 201, 201, 401, 401, 401, 401, 401, 201],
  "forms.createApplication":           [{ body: () => ({ first_name: "A", last_name: "B", email: "a@example.com", role: "Audio Engineers", experience: "x", vision: "y" }) }, 401, 201, 201, 201, 201, 401, 401, 401, 401, 401, 201],
  "forms.createNewsletterSubscription":[{ body: () => ({ email: uniqueEmail("news") }) },                               401, 201, 201, 201, 201, 401, 401, 401, 401, 401, 201],
  "forms.listContactMessages":         [{},                                                                             401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "forms.listApplications":            [{},                                                                             401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "forms.listNewsletterSubscriptions": [{},                                                                             401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "forms.markContactMessageHandled":   [{ query: { id: `eq.${anyId()}` }, body: () => ({ handled: true }) },            401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "forms.markApplicationHandled":      [{ query: { id: `eq.${anyId()}` }, body: () => ({ handled: true }) },            401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "forms.markNewsletterSubscriptionHandled": [{ query: { id: `eq.${anyId()}` }, body: () => ({ handled: true }) },      401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "setup.createFirstAdmin":           [{ body: () => ({ token: "not-a-token", full_name: "A", email: uniqueEmail("setup"), password: "a long and unusual passphrase 7" }) }, 401, 403, 403, 403, 403, 401, 401, 401, 401, 401, 403],
  "crm.addCrmNote":                   [{ body: () => ({ record_type: "crm_contacts", record_id: anyId(), body: "A note" }) }, 401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "legal.rpc.renderLegalDocument":     [{ body: () => ({ document_id: anyId() }) },                                    401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "legal.rpc.sendLegalDocument":       [{ body: () => ({ document_id: anyId() }) },                                    401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "legal.rpc.voidLegalDocument":       [{ body: () => ({ document_id: anyId(), reason: "Withdrawn" }) },               401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "legal.rpc.previewLegalTemplate":    [{ body: () => ({ body_md: "# {{title}}", variables: [{ key: "title", label: "Title", required: true, type: "text" }] }) }, 401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "legal.signing.getSigningView":      [{ query: { token: "not-a-live-signing-token" } },                               410, 410, 410, 410, 410, 410, 410, 410, 410, 410, 410],
  "legal.signing.signDocument":        [{ body: () => ({ token: "not-a-live-signing-token", full_name: "Ada Lovelace", consent: true }) }, 410, 410, 410, 410, 410, 410, 410, 410, 410, 410, 410],
  "forms.openNewsletterConfirmation":  [{ query: { token: "not-a-token" } },                                         303, 303, 303, 303, 303, 303, 303, 303, 303, 303, 303],
  "forms.confirmNewsletterSubscription":[{ body: () => ({ token: "not-a-token" }) },                                   401, 200, 200, 200, 200, 401, 401, 401, 401, 401, 200],
  "money.issueInvoice":               [{ body: () => ({ invoice_id: anyId() }) },                                      401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "money.saveInvoiceDraft":           [{ body: () => ({ invoice_id: anyId(), version: "2026-11-20T10:00:00.000Z", changes: {}, lines: [] }) }, 401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "money.creditInvoice":              [{ body: () => ({ invoice_id: anyId() }) },                                      401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "money.recordInvoicePayment":       [{ body: () => ({ invoice_id: anyId(), amount_ore: 100, paid_on: "2026-11-20" }) }, 401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "money.sendInvoice":                [{ body: () => ({ invoice_id: anyId(), email: "buyer@example.se" }) },          401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "money.sendInvoiceReminder":        [{ body: () => ({ invoice_id: anyId(), email: "buyer@example.se" }) },          401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "money.invoiceFromProject":         [{ body: () => ({ project_id: anyId() }) },                                      401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "money.approvedNotInvoiced":        [{ body: () => ({}) },                                                           401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "money.invoicePdf":                 [{ params: { id: anyId } },                                                      401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 401],
  "money.invoiceSie":                 [{ query: { from: "2026-11-01", to: "2026-11-30" } },                            401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 401],
  "royaltyLedger.importRoyaltyStatement": [{ file: Buffer.from("Title\tEarnings (USD)\n") },                           401, 401, 403, 415, 415, 401, 401, 401, 401, 401, 401],
  "royaltyLedger.readStatementHeader": [{ body: () => ({ file: "not multipart" }) },                                 401, 401, 403, 400, 400, 401, 401, 401, 401, 401, 401],
  "royaltyLedger.matchRoyaltyLine":   [{ body: () => ({ line_id: anyId(), recording_id: anyId() }) },                 401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 403],
  "royaltyLedger.previewRoyaltyPeriod": [{ body: () => ({ period_id: anyId() }) },                                   401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "royaltyLedger.closeRoyaltyPeriod": [{ body: () => ({ period_id: anyId() }) },                                     401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "royaltyLedger.royaltyStatementPdf": [{ params: { id: anyId } },                                                   401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 401],
  "royaltyLedger.royaltyStatementCsv": [{ params: { id: anyId } },                                                   401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 401],
  "royaltyLedger.mailRoyaltyStatement": [{ params: { id: anyId } },                                                 401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 401],
  "studio.bookStudioSession":         [{ body: bookingBody },                                                          401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "studio.sessionCalendarFile":       [{ params: { id: anyId } },                                                      401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 401],
  "studio.calendarFeed":              [{ query: { token: "not-a-feed-token" } },                                       404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
  "studio.calendarFeedState":         [{ body: () => ({ contact_id: anyId() }) },                                      401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "studio.createCalendarFeed":        [{ body: () => ({ contact_id: anyId() }) },                                      401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 403],
  "studio.revokeCalendarFeed":        [{ body: () => ({ contact_id: anyId() }) },                                      401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "deliverables.rpc.startDeliverable": [{ body: () => ({ deliverable_id: anyId() }) },                                  401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "deliverables.rpc.addDeliverableVersion": [{ body: () => ({ deliverable_id: anyId(), object_path: `${anyId()}/take.wav` }) }, 401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "deliverables.rpc.requestDeliverableApproval": [{ body: () => ({ version_id: anyId(), email: uniqueEmail("approval") }) }, 401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "deliverables.approval.getApprovalView": [{ query: { token: "not-a-live-approval-token" } },                      410, 410, 410, 410, 410, 410, 410, 410, 410, 410, 410],
  "deliverables.approval.getApprovalFile": [{ query: { token: "not-a-live-approval-token" } },                      410, 410, 410, 410, 410, 410, 410, 410, 410, 410, 410],
  "deliverables.approval.decideApproval": [{ body: () => ({ token: "not-a-live-approval-token", sha256: "0".repeat(64), decision: "approve" }) }, 410, 410, 410, 410, 410, 410, 410, 410, 410, 410, 410],
  "projects.projectFromDeal":         [{ body: () => ({ deal_id: anyId() }) },                                         401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "royalties.cwrExport":              [{ body: () => ({ work_ids: [anyId()], version: "2.1" }) },                      401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 401],
  "royalties.cwrExportFile":          [{ params: { id: anyId } },                                                       401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 401],
  "royalties.cwrAck":                 [{ body: () => ({ file: "not multipart" }) },                                    401, 401, 403, 400, 400, 401, 401, 401, 401, 401, 401],
  "auth.signUp":                       [{ body: () => ({ email: uniqueEmail("matrix"), password: "a long and unusual passphrase 7" }) }, 401, 200, 200, 200, 200, 403, 403, 403, 403, 403, 200],
  "auth.issueToken":                   [{ query: { grant_type: "password" }, body: () => ({ email: account.email, password: account.password }) },                    401, 200, 200, 200, 200, 403, 403, 403, 403, 403, 200],
  "auth.sendMagicLink":                [{ body: () => ({ email: uniqueEmail("otp") }) },                                401, 200, 200, 200, 200, 403, 403, 403, 403, 403, 200],
  "auth.verifyLink":                   [{ query: { token: "not-a-token", type: "magiclink" } },                         303, 303, 303, 303, 303, 303, 303, 303, 303, 303, 303],
  "auth.verifyOtp":                    [{ body: () => ({ type: "magiclink", token_hash: "0".repeat(56) }) },            401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403],
  "auth.signOut":                      [{},                                                                             401, 401, 204, 204, 204, 403, 403, 403, 403, 403, 401],
  "auth.listUserSessions":             [{},                                                                             401, 401, 200, 200, 200, 403, 403, 403, 403, 403, 401],
  "auth.endUserSession":               [{ params: { sessionId: anyId() } },                                             401, 401, 404, 404, 404, 403, 403, 403, 403, 403, 401],
  "auth.getUser":                      [{},                                                                             401, 401, 200, 200, 200, 403, 403, 403, 403, 403, 401],
  "auth.updateUser":                   [{ body: () => ({ data: { nickname: "matrix" } }) },                            401, 401, 200, 200, 200, 403, 403, 403, 403, 403, 401],
  "auth.reauthenticate":               [{},                                                                             401, 401, 200, 200, 200, 403, 403, 403, 403, 403, 401],
  "auth.recoverPassword":              [{ body: () => ({ email: uniqueEmail("recover") }) },                            401, 200, 200, 200, 200, 403, 403, 403, 403, 403, 200],
  "auth.resend":                       [{ body: () => ({ type: "signup", email: uniqueEmail("resend") }) },             401, 200, 200, 200, 200, 403, 403, 403, 403, 403, 200],
  "auth.enrollFactor":                 [{ body: () => ({ factor_type: "totp" }) },                                      401, 401, 200, 200, 200, 403, 403, 403, 403, 403, 401],
  "auth.challengeFactor":              [{ params: { factorId: anyId() } },                                              401, 401, 404, 404, 404, 403, 403, 403, 403, 403, 401],
  "auth.verifyFactor":                 [{ params: { factorId: anyId() }, body: () => ({ challenge_id: anyId(), code: "123456" }) }, 401, 401, 404, 404, 404, 403, 403, 403, 403, 403, 401],
  "auth.unenrollFactor":               [{ params: { factorId: anyId() } },                                              401, 401, 404, 404, 404, 403, 403, 403, 403, 403, 401],
  "auth.getSettings":                  [{},                                                                             401, 200, 200, 200, 200, 403, 403, 403, 403, 403, 200],
  "auth.getAuthHealth":                [{},                                                                             200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  "auth.getJwks":                      [{},                                                                             200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  "auth.listDevMail":                  [{},                                                                             200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  // GoTrue's admin API: the service_role key only; a person's token, an admin's too, gets 403 not_admin.
  "authAdmin.listUsers":               [{},                                                                             401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200],
  "authAdmin.createUser":              [{ body: () => ({ email: uniqueEmail("admin-api") }) },                          401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200],
  "authAdmin.getUser":                 [{ params: { userId: anyId } },                                                  401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 404],
  "authAdmin.updateUser":              [{ params: { userId: anyId }, body: () => ({ user_metadata: { a: 1 } }) },       401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 404],
  "authAdmin.deleteUser":              [{ params: { userId: anyId } },                                                  401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 404],
  "authAdmin.listFactors":             [{ params: { userId: anyId } },                                                  401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 404],
  "authAdmin.deleteFactor":            [{ params: { userId: anyId, factorId: anyId } },                                 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 404],
  "authAdmin.invite":                  [{ body: () => ({ email: uniqueEmail("invite") }) },                             401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200],
  "authAdmin.generateLink":            [{ body: () => ({ type: "magiclink", email: uniqueEmail("link") }) },            401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200],
  // The back office's team routes: administrators only.
  "team.listMembers":                  [{},                                                                             401, 401, 403, 403, 200, 401, 401, 401, 401, 401, 401],
  "team.invite":                       [{ body: () => ({ email: uniqueEmail("team"), role: "staff" }) },                401, 401, 403, 403, 201, 401, 401, 401, 401, 401, 401],
  "team.setRole":                      [{ params: { id: anyId }, body: () => ({ role: "staff" }) },                     401, 401, 403, 403, 404, 401, 401, 401, 401, 401, 401],
  "team.deleteMember":                [{ params: { id: anyId } },                                                      401, 401, 403, 403, 404, 401, 401, 401, 401, 401, 401],
  "team.ban":                          [{ params: { id: anyId }, body: () => ({}) },                                    401, 401, 403, 403, 404, 401, 401, 401, 401, 401, 401],
  "team.unban":                        [{ params: { id: anyId } },                                                      401, 401, 403, 403, 404, 401, 401, 401, 401, 401, 401],
  "team.removeFactor":                 [{ params: { id: anyId, factorId: anyId } },                                     401, 401, 403, 403, 404, 401, 401, 401, 401, 401, 401],
  "personalData.exportPersonalData":  [{ body: () => ({ email: uniqueEmail("gdpr") }) },                              401, 401, 403, 403, 200, 401, 401, 401, 401, 401, 401],
  "personalData.erasePersonalData":   [{ body: () => ({ email: uniqueEmail("gdpr") }) },                              401, 401, 403, 403, 200, 401, 401, 401, 401, 401, 401],
  // Backups: administrators only (staff get 403 like everyone signed in without the role).
  "backups.listBackups":              [{},                                                                             401, 401, 403, 403, 200, 401, 401, 401, 401, 401, 401],
  "backups.createBackup":             [{ body: () => ({}) },                                                           401, 401, 403, 403, 201, 401, 401, 401, 401, 401, 401],
  "dashboard.getDashboard":           [{},                                                                             401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 401],
  "team.listActivity":                 [{},                                                                             401, 401, 403, 403, 200, 401, 401, 401, 401, 401, 401],
  // Storage: public buckets' objects are anyone's to read; documents and every write are staff's (and the
  // service_role key's, which passes every storage policy).
  "storage.listBuckets":               [{},                                                                             401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.getBucket":                 [{ params: { bucketId: "documents" } },                                          401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  // Bucket administration: administrators and the service_role key; a missing bucket is 404 once allowed.
  "storage.createBucket":              [{ body: () => ({ name: freshBucket() }) },                                     401, 401, 403, 403, 200, 401, 401, 401, 401, 401, 200],
  "storage.updateBucket":              [{ params: { bucketId: MATRIX_BUCKET }, body: () => ({ public: false }) },       401, 401, 403, 403, 200, 401, 401, 401, 401, 401, 200],
  "storage.emptyBucket":               [{ params: { bucketId: MATRIX_BUCKET } },                                        401, 401, 403, 403, 200, 401, 401, 401, 401, 401, 200],
  "storage.deleteBucket":              [{ params: { bucketId: freshBucket } },                                          401, 401, 403, 403, 404, 401, 401, 401, 401, 401, 404],
  "storage.uploadObject":              [{ params: { bucketId: "event-posters", path: freshKey }, file: PNG },          401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.updateObject":              [{ params: { bucketId: "event-posters", path: freshKey }, file: PNG },          401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.downloadObject":            [{ params: document },                                                           401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.downloadAuthenticatedObject":[{ params: document },                                                          401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.downloadPublicObject":      [{ params: poster },                                                             200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  "storage.getAuthenticatedObjectInfo":[{ params: document },                                                           401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.getObjectInfo":             [{ params: document },                                                           401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.listObjects":               [{ params: { bucketId: "event-posters" }, body: () => ({ prefix: "matrix" }) },  401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.removeObjects":             [{ params: { bucketId: "event-posters" }, body: () => ({ prefixes: [freshKey()] }) }, 401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.removeObject":              [{ params: { bucketId: "event-posters", path: freshKey } },                      401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "storage.moveObject":                [{ body: missing },                                                              401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "storage.copyObject":                [{ body: missing },                                                              401, 401, 403, 404, 404, 401, 401, 401, 401, 401, 404],
  "storage.createSignedUrl":           [{ params: document, body: () => ({ expiresIn: 60 }) },                          401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.createSignedUrls":          [{ params: { bucketId: "documents" }, body: () => ({ expiresIn: 60, paths: [DOCUMENT] }) }, 401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.createSignedUploadUrl":     [{ params: { bucketId: "event-posters", path: freshKey }, body: () => ({}) },   401, 401, 403, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.uploadToSignedUrl":         [{ params: { bucketId: "event-posters", path: signedUploadPath }, query: signedUploadToken, file: PNG }, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  "storage.downloadSignedObject":      [{ params: document, query: signedToken },                                       200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  "storage.renderPublicImage":         [{ params: image, query: () => ({ width: "4" }) },                               200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  "storage.renderAuthenticatedImage":  [{ params: image, query: () => ({ width: "4" }) },                               401, 200, 200, 200, 200, 401, 401, 401, 401, 401, 200],
  "storage.renderSignedImage":         [{ params: image, query: signedRenderToken },                                    200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
};

/**
 * The data API's tables: every verb of every registered table, each cell what its declared policy says.
 * A valid request each (a sample row, a filter on an id that does not exist); an allowed caller gets the
 * verb's success status, a refused one PostgREST's 401 (no user) or 403 (a user without the grant).
 */
const SUCCESS = { list: 200, insert: 201, put: 201, update: 204, remove: 204 } as const;
/** The grants each route needs: PUT inserts or replaces, so it needs both. */
const VERBS_OF = {
  list: ["select"],
  insert: ["insert"],
  put: ["insert", "update"],
  update: ["update"],
  remove: ["delete"],
} as const;
const CALLER_OF: Partial<Record<Who, Caller>> = {
  anon: "anon",
  noRole: "authenticated",
  staff: "staff",
  admin: "admin",
  // The service_role key passes every policy; only a verb no caller has (the server's own writing) is refused.
  serviceRole: "service_role",
};
/**
 * A sample row of the table. A studio session gets an hour of its own: the table refuses double bookings,
 * and every allowed caller's insert and PUT books one.
 */
let sessionHours = 0;
async function sampleOf(table: TableDefinition) {
  const row = await sampleRowWithParents(ctx.db, table);
  if (table.name !== "studio_sessions") return row;
  const start = Date.UTC(2002, 0, 1) + sessionHours++ * 3_600_000;
  return {
    ...row,
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + 3_600_000).toISOString(),
  };
}
function tableRow(table: TableDefinition, route: keyof typeof SUCCESS): [Recipe, ...number[]] {
  const filter = { [table.primaryKey]: `eq.${anyId()}` };
  // A PUT names a new row's key in its filter and its body alike. The singleton table holds one row at
  // most, so there a PUT replaces the row its insert made.
  const singleton = table.name === "company_settings";
  let putKey = "";
  const recipe: Recipe = {
    list: { query: { limit: "1" } },
    insert: { body: () => sampleOf(table) },
    put: {
      query: async () => {
        putKey = (singleton ? (await existingIds(ctx.db, table.name, 1))[0] : undefined) ?? randomUUID();
        return { [table.primaryKey]: `eq.${putKey}` };
      },
      body: async () => ({ ...(await sampleOf(table)), [table.primaryKey]: putKey }),
    },
    update: { query: filter, body: () => ({}) },
    remove: { query: filter },
  }[route];
  // The singleton's first allowed insert makes its one row; a later one meets the unique key (409).
  let singletonMade = false;
  const statuses = WHO.map((who) => {
    if (who === "none") return 401;
    const caller = CALLER_OF[who];
    if (!caller) return 401;
    if (VERBS_OF[route].every((verb) => isAllowed(table, caller, verb))) {
      if (route === "insert" && singleton && singletonMade) return 409;
      if (route === "insert" && singleton) singletonMade = true;
      return route === "put" && singleton ? 204 : SUCCESS[route];
    }
    return caller === "anon" ? 401 : 403;
  });
  return [recipe, ...statuses];
}
for (const table of Object.values(tables)) {
  for (const route of Object.keys(SUCCESS) as (keyof typeof SUCCESS)[]) {
    MATRIX[`tables.${table.name}.${route}`] = tableRow(table, route);
  }
}

/** A fresh PKCE auth code (a magic link requested with a challenge, then followed) and its verifier. */
async function pkceExchangeBody() {
  const email = uniqueEmail("matrix-pkce");
  const verifier = randomUUID() + randomUUID();
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const sent = await request(ctx.app)
    .post("/auth/v1/otp")
    .set({ apikey: ctx.anonKey })
    .send({ email, code_challenge: challenge, code_challenge_method: "s256" });
  expect(sent.status).toBe(200);
  const followed = await request(ctx.app).get(linkPath((await latestMail(ctx, email)).link));
  const code = new URL(followed.headers.location ?? "").searchParams.get("code");
  expect(code).toBeTruthy();
  return { auth_code: code, code_verifier: verifier };
}

/** The token route's other grants: same callers, same statuses as the password grant in its row above. */
// biome-ignore format: the table is easier to read aligned
const GRANTS: Record<string, [Recipe, ...number[]]> = {
  //                                    recipe                                                                         none anon noRole staff admin expired ended tampered algNone wrongAud serviceRole
  "pkce":                              [{ query: { grant_type: "pkce" }, body: pkceExchangeBody },                      401, 200, 200, 200, 200, 403, 403, 403, 403, 403, 200],
};

const routes = contractRoutes();

describe("access-control matrix", () => {
  it("has a row for every route in the contract, and no stale rows", () => {
    expect(Object.keys(MATRIX).sort()).toEqual(routes.map(([name]) => name).sort());
  });

  const tokenRoute = routes.find(([name]) => name === "auth.issueToken")?.[1];
  if (!tokenRoute) throw new Error("no token route");
  const grantRows = Object.keys(GRANTS).map((grant) => [`auth.issueToken:${grant}`, tokenRoute] as const);
  const cells = [...routes, ...grantRows].flatMap(([name, route]) =>
    WHO.map((who, i) => [name, who, i, route] as const),
  );
  it.each(cells)("%s as %s", async (name, who, i, route) => {
    const row = MATRIX[name] ?? GRANTS[name.replace(/^auth\.issueToken:/, "")];
    if (!row) throw new Error(`no matrix row for ${name}`);
    const [recipe, ...statuses] = row;
    const path = route.path.replace(/:(\w+)/g, (_m, p: string) => {
      const param = recipe.params?.[p] ?? "x";
      return typeof param === "function" ? param() : param;
    });
    let req = request(ctx.app)
      [route.method.toLowerCase() as "get"](path)
      .query(typeof recipe.query === "function" ? await recipe.query() : (recipe.query ?? {}))
      .redirects(0);
    req = req.set(await headersFor(who));
    if (recipe.body) req = req.send(await recipe.body());
    if (recipe.file) req = req.set("Content-Type", "application/octet-stream").send(recipe.file);
    const res = await req;
    expect(res.status, `${route.method} ${route.path} as ${who}: ${(res.text ?? "").slice(0, 200)}`).toBe(
      statuses[i],
    );
  });
});
