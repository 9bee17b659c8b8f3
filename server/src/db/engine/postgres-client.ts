import type pg from "pg";

/**
 * SQL texts that run as named prepared statements: parsed and planned once per connection, then only
 * bound and executed. Only fixed texts are registered (the compiled hot queries, see fixedQuery), so a
 * connection holds a bounded number of them; every other text runs unnamed, as before.
 */
const preparedNames = new Map<string, string>();

/** Marks a fixed SQL text to be prepared once per PostgreSQL connection and reused after that. */
export function prepareOnPostgres(text: string) {
  if (!preparedNames.has(text)) preparedNames.set(text, `app_${preparedNames.size + 1}`);
}

/** Leads the text of a write sent with the transaction's next statement (see sendWithNext). */
export const SENT_WITH_NEXT = "/* sent with the next statement */ ";

type Query = [text: string, values: unknown[] | undefined];
type Send = (...args: unknown[]) => Promise<pg.QueryResult>;

/** What a statement that has not been sent yet answers: no rows, no count (the caller reads neither). */
const unsent = (command: string) => ({ command, rowCount: null, rows: [], fields: [], oid: 0 });

/**
 * Wraps each new connection of the pool (its clients run in pipeline mode, so statements written one
 * after another go out without waiting for each other's answers):
 * - a registered text with its values goes out as a named statement;
 * - Kysely's BEGIN waits and goes out with the transaction's first statement, so it costs no round trip
 *   of its own; a transaction that sends nothing sends no BEGIN and no COMMIT either;
 * - a write marked SENT_WITH_NEXT waits and goes out with the next statement (the COMMIT, typically).
 *   Its answer is awaited with that statement's: if it failed, PostgreSQL has aborted the transaction
 *   (the statements behind it fail, a COMMIT ends as a ROLLBACK), and its error is what the caller gets,
 *   so nothing is written, as if it had been awaited on its own;
 * - each exchange with the server counts one round trip (`counter.sent`), for the tests that hold the
 *   hot writes to their budget.
 */
export function instrumentConnections(pool: pg.Pool, counter: { sent: number }) {
  pool.on("connect", (client) => {
    const send = client.query.bind(client) as Send;
    let beginWaits = false;
    let waiting: Query[] = [];

    const named = ([text, values]: Query) => {
      const name = Array.isArray(values) ? preparedNames.get(text) : undefined;
      return name ? send({ name, text, values }) : send(text, values);
    };

    async function exchange(query: Query): Promise<unknown> {
      const [text] = query;
      if (text === "begin") {
        beginWaits = true;
        return unsent("BEGIN");
      }
      if (text.startsWith(SENT_WITH_NEXT)) {
        // The mark only says when to send: without it, a fixed text still goes out as its named statement.
        waiting.push([text.slice(SENT_WITH_NEXT.length), query[1]]);
        return unsent("SELECT");
      }
      const ending = text === "commit" || text === "rollback";
      // Nothing was sent since BEGIN: there is no transaction on the server to end.
      if (ending && beginWaits && (waiting.length === 0 || text === "rollback")) {
        beginWaits = false;
        waiting = [];
        return unsent(text.toUpperCase());
      }
      // A rollback drops the writes that were never sent.
      const ahead: Query[] = text === "rollback" ? [] : waiting;
      const batch = beginWaits ? [["begin", undefined] as Query, ...ahead] : ahead;
      beginWaits = false;
      waiting = [];
      counter.sent++;
      const sentAhead = batch.map(named);
      const answer = named(query);
      const settled = await Promise.allSettled([...sentAhead, answer]);
      const failed = settled.find((s) => s.status === "rejected");
      if (failed) throw failed.reason;
      return answer;
    }

    (client as unknown as { query: Send }).query = (...args) => {
      const [text, values] = args;
      if (typeof text === "string" && args.length <= 2 && (values === undefined || Array.isArray(values))) {
        return exchange([text, values]) as Promise<pg.QueryResult>;
      }
      // Callbacks and query objects (pg-pool's own pool.query) run outside any transaction of ours.
      counter.sent++;
      return send(...args);
    };
  });
}
