// Hot-path statements on PGlite as named prepared statements, as node-postgres runs them on
// PostgreSQL. PGlite's own query() sends every statement unnamed: each call parses, analyses and
// plans it again and takes six protocol steps through the WebAssembly server, on the server's own
// thread. Here a statement is parsed once (its parameter types kept), and each call is one step:
// Bind, Describe, Execute and Sync together. The session statement every API request runs went from
// 1.6–2.2 to 0.4–0.6 ms (p50, PGlite with 100k followers / 5M messages).
import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import type { Statement } from './client';

const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Statements kept prepared at most. The named ones are a few dozen and the query builder's texts
 * (client.ts built) a few per list filter; past this a statement runs unnamed, as query() would.
 */
const PREPARED_MAX = 2_000;

/** Runs `Statement`s on `client`, each prepared on its first call. */
export function preparedRunner(client: PGlite, max = PREPARED_MAX) {
  /** Parameter types of each statement already prepared (a name stays prepared until close). */
  const prepared = new Map<string, number[]>();

  // Every message list ends with Sync: after an error the server skips what follows up to the next
  // Sync, and execProtocol throws only once the whole list has been answered, so a failed call
  // leaves nothing pending for the next one.
  async function prepare(st: Statement): Promise<number[]> {
    const known = prepared.get(st.name);
    if (known) return known;
    const answer = await client.execProtocol(
      joined([
        serialize.parse({ name: st.name, text: st.text }),
        serialize.describe({ type: 'S', name: st.name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const types = parse.parseDescribeStatementResults(answer.messages);
    prepared.set(st.name, types);
    return types;
  }

  return async function run<T>(st: Statement, params: readonly unknown[]): Promise<T[]> {
    if (prepared.size >= max && !prepared.has(st.name))
      return (await client.query<T>(st.text, params as unknown[])).rows;
    // The same two locks query() takes: nothing else runs between these messages, and a statement
    // never lands inside another caller's open transaction.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const types = await prepare(st);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = client.serializers[types[i]];
          return serializer ? serializer(value) : String(value);
        });
        const answer = await client.execProtocol(
          joined([
            serialize.bind({ statement: st.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        // As query() does after a statement outside a transaction (a no-op on the node filesystem).
        await client.syncToFs();
        return (parse.parseResults(answer.messages, client.parsers)[0]?.rows ?? []) as T[];
      }),
    );
  };
}
