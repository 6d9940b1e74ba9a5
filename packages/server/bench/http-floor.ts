import Fastify from 'fastify';

/**
 * The database client's own `query`, as the API called it: pg's `pool.query(config, values)` or
 * PGlite's `client.query(text, values, options)`.
 */
export type QueryFn = (...args: unknown[]) => Promise<unknown>;

/** One statement as the API sent it to the driver: the arguments of its `query` call (text or config, values, options). */
export interface Captured {
  args: unknown[];
}

export interface FloorServer {
  url: string;
  close(): Promise<void>;
}

/** Runs a call's captured statements the way the API ran them: a group's statements together, groups in order. */
export async function replay(query: QueryFn, groups: readonly Captured[][]): Promise<void> {
  for (const group of groups) await Promise.all(group.map((q) => query(...q.args)));
}

/** The answer a floor sends: the API's own, body and headers, as captured from one call. */
export interface CapturedAnswer {
  body: string;
  /** The API's headers, minus those Node's HTTP server writes itself (the date, the connection's, the body's length). */
  headers: [string, string][];
}

const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export async function captureAnswer(response: Response): Promise<CapturedAnswer> {
  if (response.headers.has('content-encoding')) throw new Error('the floor replays an uncompressed answer; this one was compressed');
  return { body: await response.text(), headers: [...response.headers].filter(([name]) => !WRITTEN_BY_NODE.has(name)) };
}

/** The answer's size as the output line gives it: the body's bytes and its header lines' (`name: value` CRLF). */
export function answerSize(answer: CapturedAnswer): string {
  const headerBytes = answer.headers.reduce((n, [name, value]) => n + Buffer.byteLength(`${name}: ${value}\r\n`), 0);
  return `body ${Buffer.byteLength(answer.body)}, headers ${headerBytes}`;
}

/**
 * The floor of a call (the reference the API's p99 is held to: within 1.3× of it): the cheapest HTTP
 * API that could answer it on this machine. A bare Fastify route in this process, on the same
 * database client, that runs the call's captured statements the way the API ran them (same text,
 * prepared names and values) and answers the bytes the API answered: the same body under the same
 * headers (the security and privacy headers, the request id, the rate limit's), fixed at the values of
 * the captured answer. No session parsing, access rule, validation, Drizzle, row mapping, masking,
 * serialiser, hooks or logging. Driven like the API, it is what the HTTP hop, the load generator and
 * the database cost here; the gap to the API is what the product's own code adds.
 */
export async function startFloorServer(
  query: QueryFn,
  groups: readonly Captured[][],
  method: 'GET' | 'POST',
  path: string,
  answer: CapturedAnswer,
): Promise<FloorServer> {
  const app = Fastify({ logger: false });
  const headers = Object.fromEntries(answer.headers);
  app.route({
    method,
    url: path,
    handler: async (_request, reply) => {
      await replay(query, groups);
      return reply.headers(headers).send(answer.body);
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}${path}`, close: () => app.close() };
}
