import { type ExpressionBuilder, PostgresAdapter, sql } from "kysely";
import type { Db } from "../../db/database";
import type { StoredList, Tables } from "../../db/schema";
import { SQLITE_SEARCH_INDEXES } from "../../db/search-indexes";

/**
 * Every SQL statement of personal-data requests that names a table: the rows an address is found in, and
 * the deletions and rewrites of an erasure. The executor comes first (inside a transaction, only it).
 * Addresses are compared lower-cased; callers pass them lower-cased.
 */

/** `lower(column) = address`, the one way an address is matched. */
const sameAddress =
  <T extends keyof Tables>(column: string, email: string) =>
  (eb: ExpressionBuilder<Tables, T>) =>
    eb(sql`lower(${sql.ref(column)})`, "=", email);

// ---- reads -------------------------------------------------------------------------------------------

export const findUser = (db: Db, email: string) =>
  db.selectFrom("users").selectAll().where(sameAddress("email", email)).executeTakeFirst();

/** The IP addresses the account's right password came from lately (they keep sign-in budgets apart). */
export const knownSignInAddressesOf = (db: Db, userId: string) =>
  db
    .selectFrom("known_sign_in_addresses")
    .select(["ip", "signed_in_at"])
    .where("user_id", "=", userId)
    .orderBy("signed_in_at")
    .execute();

/** Sessions without anything that could resume them (their refresh tokens stay behind). */
export const sessionsOf = (db: Db, userId: string) =>
  db
    .selectFrom("sessions")
    .select([
      "id",
      "aal",
      "user_agent",
      "ip",
      "created_at",
      "refreshed_at",
      "not_after",
      "ended_at",
      "ended_reason",
    ])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();

export async function auditRowsOf(db: Db, userId: string | null, email: string) {
  return db
    .selectFrom("audit_log")
    .select(["id", "action", "email", "ip", "user_agent", "detail", "created_at"])
    .where((eb) =>
      eb.or([sameAddress<"audit_log">("email", email)(eb), ...(userId ? [eb("user_id", "=", userId)] : [])]),
    )
    .orderBy("id")
    .execute();
}

/** Mails sent to the address, without their bodies and links: those carry single-use sign-in tokens. */
export const mailTo = (db: Db, email: string) =>
  db
    .selectFrom("mail_outbox")
    .select(["id", "kind", "subject", "transport", "sent_at", "error", "created_at"])
    .where(sameAddress("to_address", email))
    .orderBy("created_at")
    .execute();

export const contactsWith = (db: Db, email: string) =>
  db
    .selectFrom("crm_contacts")
    .selectAll()
    .where(sameAddress("email", email))
    .orderBy("created_at")
    .execute();

export const timelineOf = (db: Db, contactIds: string[]) =>
  contactIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("crm_activity")
        .selectAll()
        .where("record_type", "=", "crm_contacts")
        .where("record_id", "in", contactIds)
        .orderBy("created_at")
        .execute();

export const applicationsFrom = (db: Db, email: string) =>
  db
    .selectFrom("applications")
    .selectAll()
    .where(sameAddress("email", email))
    .orderBy("created_at")
    .execute();

export const contactMessagesFrom = (db: Db, email: string) =>
  db
    .selectFrom("contact_messages")
    .selectAll()
    .where(sameAddress("email", email))
    .orderBy("created_at")
    .execute();

export const newsletterOf = (db: Db, email: string) =>
  db.selectFrom("newsletter_subscriptions").selectAll().where(sameAddress("email", email)).execute();

/** Requests waiting for confirmation, without the hash of their mailed token. */
export const pendingNewsletterOf = (db: Db, email: string) =>
  db
    .selectFrom("newsletter_pending")
    .select([
      "email",
      "interest_releases",
      "interest_events",
      "interest_behind_the_scenes",
      "interest_platform",
      "expires_at",
      "created_at",
    ])
    .where(sameAddress("email", email))
    .execute();

export async function portfolioOf(db: Db, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  const { rows } = await sql<Record<string, unknown>>`
    select * from portfolio_items where talent_id in (${sql.join(contactIds)})
    order by year desc, created_at`.execute(db);
  return rows;
}

/** Studio sessions the contacts are on the team of, with the team rows that put them there. */
export async function studioSessionsOf(db: Db, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  const { rows } = await sql<Record<string, unknown>>`
    select s.*, t.contact_id as team_contact_id from studio_sessions s
    join studio_session_talent t on t.session_id = s.id
    where t.contact_id in (${sql.join(contactIds)})
    order by s.starts_at`.execute(db);
  return rows;
}

export const storageObjectsOwnedBy = (db: Db, userId: string) =>
  db.selectFrom("storage_objects").selectAll().where("owner", "=", userId).execute();

export const storageObject = (db: Db, bucketId: string, name: string) =>
  db
    .selectFrom("storage_objects")
    .selectAll()
    .where("bucket_id", "=", bucketId)
    .where("name", "=", name)
    .executeTakeFirst();

// ---- erasure -----------------------------------------------------------------------------------------

const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }[]) =>
  result.reduce((n, r) => n + Number(r.numUpdatedRows ?? r.numDeletedRows ?? 0n), 0);

/**
 * The account and, by their foreign keys, its identities, sessions, tokens, factors and challenges and the
 * addresses it signed in from.
 */
export async function deleteUser(trx: Db, userId: string) {
  const counts = {
    sessions: (await trx.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length,
    identities: (await trx.selectFrom("identities").select("id").where("user_id", "=", userId).execute())
      .length,
    mfa_factors: (await trx.selectFrom("mfa_factors").select("id").where("user_id", "=", userId).execute())
      .length,
    known_sign_in_addresses: (
      await trx.selectFrom("known_sign_in_addresses").select("ip").where("user_id", "=", userId).execute()
    ).length,
  };
  await trx.deleteFrom("users").where("id", "=", userId).execute();
  return { users: 1, ...counts };
}

/** Audit rows keep what happened and when; who and from where goes. */
export async function scrubAuditRows(trx: Db, userId: string | null, email: string) {
  return changed(
    await trx
      .updateTable("audit_log")
      .set({ email: null, ip: null, user_agent: null })
      .where((eb) =>
        eb.or([
          sameAddress<"audit_log">("email", email)(eb),
          ...(userId ? [eb("user_id", "=", userId)] : []),
        ]),
      )
      .execute(),
  );
}

/** Files the account uploaded stay (they are the business's), no longer tied to the account. */
export async function releaseOwnedObjects(trx: Db, userId: string) {
  return changed(
    await trx.updateTable("storage_objects").set({ owner: null }).where("owner", "=", userId).execute(),
  );
}

export async function deleteMailTo(trx: Db, email: string) {
  return changed(await trx.deleteFrom("mail_outbox").where(sameAddress("to_address", email)).execute());
}

/** Rate-limit counters keyed by the address (sign-in attempts, newsletter mails). */
export async function deleteRateLimitsOf(trx: Db, email: string) {
  return changed(
    await trx
      .deleteFrom("rate_limits")
      .where(
        sql<boolean>`lower(${sql.ref("key")}) like ${`%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}`} escape '\\'`,
      )
      .execute(),
  );
}

export async function deleteNewsletter(trx: Db, email: string) {
  return {
    newsletter_subscriptions: changed(
      await trx.deleteFrom("newsletter_subscriptions").where(sameAddress("email", email)).execute(),
    ),
    newsletter_pending: changed(
      await trx.deleteFrom("newsletter_pending").where(sameAddress("email", email)).execute(),
    ),
  };
}

export async function deleteSigningLinks(trx: Db, email: string) {
  return changed(await trx.deleteFrom("legal_signing_links").where(sameAddress("email", email)).execute());
}

export async function anonymiseApplication(trx: Db, id: string, values: { name: string; email: string }) {
  await trx
    .updateTable("applications")
    .set({
      first_name: values.name,
      last_name: "",
      email: values.email,
      portfolio: null,
      experience: values.name,
      vision: values.name,
      ip_hash: null,
    })
    .where("id", "=", id)
    .execute();
}

export async function anonymiseContactMessage(trx: Db, id: string, values: { name: string; email: string }) {
  await trx
    .updateTable("contact_messages")
    .set({
      name: values.name,
      email: values.email,
      subject: values.name,
      message: values.name,
      ip_hash: null,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * The contact row stays, so deals, briefs and sessions that name it keep their shape; what made it a
 * person goes, and it leaves the lists (archived).
 */
export async function anonymiseContact(
  trx: Db,
  id: string,
  values: { name: string; at: string; emptyList: StoredList; emptyObject: string | Record<string, never> },
) {
  await trx
    .updateTable("crm_contacts")
    .set((eb) => ({
      first_name: values.name,
      last_name: "",
      stage_name: null,
      location: null,
      email: null,
      phone: null,
      pro_society: null,
      ipi: null,
      notes: null,
      reliability_score: null,
      genres: values.emptyList,
      languages: values.emptyList,
      strengths: values.emptyObject,
      archived_at: eb.fn.coalesce("archived_at", eb.val(values.at)),
      updated_at: values.at,
    }))
    .where("id", "=", id)
    .execute();
}

/**
 * The realtime feed's log holds copies of rows as they were written (and, for a deleted row, as it was),
 * for the few minutes until they are delivered and pruned. An erasure empties it in its own transaction,
 * after its last write, so no copy outlives it; that moment's changes then go unannounced.
 */
export async function clearRowChanges(trx: Db) {
  return changed(await trx.deleteFrom("row_changes").execute());
}

export async function deleteTimeline(trx: Db, contactIds: string[]) {
  if (contactIds.length === 0) return 0;
  return changed(
    await trx
      .deleteFrom("crm_activity")
      .where("record_type", "=", "crm_contacts")
      .where("record_id", "in", contactIds)
      .execute(),
  );
}

export async function deletePortfolio(trx: Db, contactIds: string[]) {
  if (contactIds.length === 0) return 0;
  const { numAffectedRows } = await sql`
    delete from portfolio_items where talent_id in (${sql.join(contactIds)})`.execute(trx);
  return Number(numAffectedRows ?? 0n);
}

const isPostgresDb = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The tables given and, following foreign keys, every table whose rows a deletion there cascades to. */
async function withDependents(db: Db, tables: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
  const { rows: existing } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  const names = new Set(existing.map((r) => r.name));
  const found = new Set(tables.filter((t) => names.has(t)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const { child, parent } of rows)
      if (found.has(parent) && !found.has(child)) {
        found.add(child);
        grew = true;
      }
  }
  return [...found].sort();
}

/**
 * SQLite's trigram indexes keep their own copy of every indexed word, and by default a deletion only adds
 * a marker, leaving the old words in the index's pages until a merge. FTS5's secure-delete option (stored
 * in the index, so it holds from then on) removes a deleted row's words at once; 'optimize' merges the
 * index into one segment, dropping the words of rows deleted before the option was on.
 */
async function purgeSearchIndexes(db: Db) {
  for (const { index } of Object.values(SQLITE_SEARCH_INDEXES)) {
    await sql`insert into ${sql.table(index)} (${sql.ref(index)}, rank) values ('secure-delete', 1)`.execute(
      db,
    );
    await sql`insert into ${sql.table(index)} (${sql.ref(index)}) values ('optimize')`.execute(db);
  }
}

/**
 * Takes what an erasure deleted or overwrote out of the files, after the commit. SQLite zeroes deleted
 * content in its pages (secure_delete, set on open) and the search indexes are purged of the old words,
 * but the old pages still sit in the WAL until a checkpoint copies the new ones over and TRUNCATE
 * empties it. PostgreSQL leaves old row versions as dead
 * tuples in the table's pages (and its indexes and TOAST) until VACUUM; a plain VACUUM only marks the
 * space free, so the touched tables are rewritten with VACUUM FULL (a short exclusive lock on each, fine
 * for a rare erasure). PostgreSQL's WAL segments still hold the old pages until the server recycles them.
 * False when something may remain: another session kept needing the old pages or rows past the wait.
 */
export async function purgeErasedContent(db: Db, tables: readonly string[]): Promise<boolean> {
  if (!isPostgresDb(db)) {
    await purgeSearchIndexes(db);
    for (let attempt = 0; attempt < 5; attempt++) {
      const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
      if (rows[0]?.busy === 0) return true;
    }
    // Another process's read kept needing the old pages past every busy_timeout wait: the erasure stands,
    // and the next checkpoint (SQLite's own, every thousand pages, or the next erasure's) finishes this.
    return false;
  }
  const touched = await withDependents(db, tables);
  if (touched.length === 0) return true;
  const unseen = await waitForOlderSnapshots(db);
  await sql`vacuum (full, analyze) ${sql.join(touched.map((t) => sql.table(t)))}`.execute(db);
  return unseen;
}

/** How long a purge waits for reads that began before the erasure to end. */
const OLDER_SNAPSHOTS_WAIT_MS = 15_000;

/**
 * VACUUM FULL copies into the new files every row version a snapshot still open may see, its own
 * snapshot included: an autovacuum's ANALYZE, a long report or a backup's dump that began before the
 * erasure would keep the person's old rows alive through the rewrite. A snapshot's horizon is the oldest
 * transaction id still running anywhere on the server, so a write in another database that began before
 * the erasure holds it back too. The purge therefore waits, first for every transaction with an id from
 * before now to end (cluster-wide), then for every transaction open in this database at that moment,
 * whose snapshot may be older (each holds a lock on its virtual transaction id to its end, which pg_locks
 * shows whatever the role; pg_stat_activity hides other roles' snapshots), as CREATE INDEX CONCURRENTLY
 * waits for older snapshots. False when one outlived the wait.
 */
async function waitForOlderSnapshots(db: Db): Promise<boolean> {
  const deadline = Date.now() + OLDER_SNAPSHOTS_WAIT_MS;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
  const { rows: marks } = await sql<{ next: string }>`
    select pg_snapshot_xmax(pg_current_snapshot())::text as next`.execute(db);
  const next = marks[0]?.next ?? "0";
  for (;;) {
    const { rows } = await sql<{ done: boolean }>`
      select pg_snapshot_xmin(pg_current_snapshot()) >= ${next}::xid8 as done`.execute(db);
    if (rows[0]?.done) break;
    if (Date.now() >= deadline) return false;
    await pause();
  }
  const open = sql`
    select l.virtualxid as id from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'virtualxid' and l.granted and a.datname = current_database()
      and l.pid <> pg_backend_pid()`;
  const { rows } = await sql<{ id: string }>`${open}`.execute(db);
  const older = rows.map((r) => r.id);
  while (older.length > 0) {
    if (Date.now() >= deadline) return false;
    await pause();
    const { rows: still } = await sql<{ id: string }>`${open} and l.virtualxid = any(${older})`.execute(db);
    older.splice(0, older.length, ...still.map((r) => r.id));
  }
  return true;
}
