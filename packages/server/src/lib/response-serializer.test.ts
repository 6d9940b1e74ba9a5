import * as contracts from '@tcm/contracts';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileWriter, createResponseSerializerCompiler } from './response-serializer';

/** Every answer schema the contracts export (by convention named …Result), in its envelope. */
const RESULTS = Object.entries(contracts).filter(([name, value]) => name.endsWith('Result') && value instanceof z.ZodType) as [
  string,
  z.ZodType,
][];

async function appAnswering(data: unknown, checkAnswers: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkAnswers }));
  app.withTypeProvider<ZodTypeProvider>().get('/x', {
    schema: { response: { 200: contracts.envelope(z.object({ id: z.number().int(), name: z.string().nullable() })) } },
    handler: async () => ({ code: 0, data, message: 'ok' }) as never,
  });
  await app.ready();
  return app;
}

describe('response serializer', () => {
  it('compiles a writer for every answer schema of the contracts', () => {
    expect(RESULTS.length).toBeGreaterThan(10);
    const uncompiled = RESULTS.filter(([, schema]) => !compileWriter(contracts.envelope(schema))).map(([name]) => name);
    expect(uncompiled).toEqual([]);
  });

  it('writes what the zod schema keeps: unknown fields dropped, nulls kept', () => {
    const write = compileWriter(z.object({ id: z.number().int(), name: z.string().nullable(), tags: z.array(z.string()) }));
    expect(write?.({ id: 1, name: null, tags: ['a'], secret: 'x' })).toBe('{"id":1,"name":null,"tags":["a"]}');
  });

  it('answers 500 for an off-contract answer when checking, and writes it when not', async () => {
    const bad = { id: 'not a number', name: 'n' };
    const checking = await appAnswering(bad, true);
    expect((await checking.inject({ method: 'GET', url: '/x' })).statusCode).toBe(500);
    await checking.close();
    const good = await appAnswering({ id: 7, name: null, extra: 1 }, true);
    const res = await good.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, data: { id: 7, name: null }, message: 'ok' });
    await good.close();
  });
});
