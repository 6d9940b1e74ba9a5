import * as contracts from '@tcm/contracts';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileWriter, createResponseSerializerCompiler, registerAnswerBranches, scalarUnionsAsTypeArrays } from './response-serializer';

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

  it('writes a union of scalars or constants as a type array, and leaves other unions as they are', () => {
    const schema = z.object({
      name: z.string().nullable(),
      age: z.number().int().min(0).nullable(),
      kind: z.enum(['a', 'b']).nullable(),
      tags: z.array(z.string()).nullable(),
      role: z.literal('patient').or(z.literal(0).or(z.literal(1))),
    });
    const json = scalarUnionsAsTypeArrays(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' })) as {
      properties: Record<string, unknown>;
    };
    expect(json.properties.name).toEqual({ type: ['string', 'null'] });
    expect(json.properties.age).toEqual({ type: ['integer', 'null'], minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
    expect(json.properties.kind).toEqual({ anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] });
    expect(json.properties.role).toEqual({ type: ['string', 'number'], enum: ['patient', 0, 1] });
    expect(json.properties.tags).toEqual({ anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] });
    const write = compileWriter(schema);
    expect(write?.({ name: null, age: 3, kind: null, tags: ['x'], role: 'patient' })).toBe(
      '{"name":null,"age":3,"kind":null,"tags":["x"],"role":"patient"}',
    );
    expect(write?.({ name: 'n', age: null, kind: 'a', tags: null, role: 1 })).toBe(
      '{"name":"n","age":null,"kind":"a","tags":null,"role":1}',
    );
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

  it('reply.answerAs writes the branch of a union that the handler names, with the same check', async () => {
    const patients = z.object({ list: z.array(z.object({ id: z.number().int(), idNum: z.string() })), total: z.number().int() });
    const doctors = z.object({ list: z.array(z.object({ id: z.number().int(), mobile: z.string() })), total: z.number().int() });
    const doctorPage = contracts.envelope(doctors);
    const build = async (checkAnswers: boolean, data: unknown) => {
      const app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(createResponseSerializerCompiler({ checkAnswers }));
      registerAnswerBranches(app, { checkAnswers });
      app.withTypeProvider<ZodTypeProvider>().get('/u', {
        schema: { response: { 200: contracts.envelope(z.union([patients, doctors])) } },
        handler: async (_req, reply) => {
          reply.answerAs(doctorPage);
          return { code: 0, data, message: 'ok' } as never;
        },
      });
      await app.ready();
      return app;
    };
    const page = { list: [{ id: 1, mobile: '13900000001', passwordHash: 'x' }], total: 1 };
    for (const checkAnswers of [true, false]) {
      const app = await build(checkAnswers, page);
      const res = await app.inject({ method: 'GET', url: '/u' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ code: 0, data: { list: [{ id: 1, mobile: '13900000001' }], total: 1 }, message: 'ok' });
      await app.close();
    }
    // A patient page answered as the doctors' branch is off that branch's contract.
    const wrong = await build(true, { list: [{ id: 2, idNum: '110101197301011234' }], total: 1 });
    expect((await wrong.inject({ method: 'GET', url: '/u' })).statusCode).toBe(500);
    await wrong.close();
  });
});
