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

type AnyQuery = (...args: unknown[]) => unknown;

/**
 * Wraps each new connection of the pool: a registered text with its values goes out as a named
 * statement, and each statement sent counts one round trip to the server (`counter.sent`), which the
 * tests holding the hot writes to their budget of round trips read.
 */
export function instrumentConnections(pool: pg.Pool, counter: { sent: number }) {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as AnyQuery;
    (client as unknown as { query: AnyQuery }).query = (...args) => {
      counter.sent++;
      const [text, values, ...rest] = args;
      const name = typeof text === "string" && Array.isArray(values) ? preparedNames.get(text) : undefined;
      return name ? query({ name, text, values }, ...rest) : query(...args);
    };
  });
}
