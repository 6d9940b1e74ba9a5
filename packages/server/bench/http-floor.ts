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

/**
 * The floor of a call (the reference of issue 34: the API's p99 within 1.3× of it): the cheapest HTTP
 * API that could answer it on this machine. A bare Fastify route in this process, on the same
 * database client, that runs the call's captured statements the way the API ran them (same text,
 * prepared names and values) and answers the bytes the API answered. No session parsing, access rule,
 * validation, Drizzle, row mapping, masking, serialiser, hooks or logging. Driven like the API, it is
 * what the HTTP hop, the load generator and the database cost here; the gap to the API is what the
 * product's own code adds.
 */
export async function startFloorServer(
  query: QueryFn,
  groups: readonly Captured[][],
  method: 'GET' | 'POST',
  path: string,
  answer: string,
): Promise<FloorServer> {
  const app = Fastify({ logger: false });
  app.route({
    method,
    url: path,
    handler: async (_request, reply) => {
      await replay(query, groups);
      return reply.type('application/json; charset=utf-8').send(answer);
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}${path}`, close: () => app.close() };
}
