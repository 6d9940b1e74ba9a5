import Fastify from 'fastify';

/** One statement as the API sent it to pg: its query config (text, prepared name, row mode) and values. */
export interface Captured {
  query: unknown;
  params: unknown[];
}

export interface FloorServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The cheapest HTTP API that could answer a call (issue 14): a bare Fastify route, in this process, on
 * the same pool, that runs the call's captured statements the way the API ran them and answers with the
 * bytes the API answered. No session parsing, access rule, validation, Drizzle, row mapping, masking,
 * serialiser, hooks or logging. Driven like the API, it separates what the HTTP hop and the load
 * generator cost on this machine (the floor any Node API pays) from what the product's own code adds.
 */
export async function startFloorServer(
  query: (config: unknown, params: unknown[]) => Promise<unknown>,
  groups: Captured[][],
  method: 'GET' | 'POST',
  path: string,
  answer: string,
): Promise<FloorServer> {
  const app = Fastify({ logger: false });
  app.route({
    method,
    url: path,
    handler: async (_request, reply) => {
      for (const group of groups) await Promise.all(group.map((q) => query(q.query, q.params)));
      return reply.type('application/json; charset=utf-8').send(answer);
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}${path}`, close: () => app.close() };
}
