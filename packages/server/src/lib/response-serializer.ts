import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * How answers are written. Parsing every answer with its zod schema and then calling
 * JSON.stringify was a fixed cost on every call, paid again for each row of a list. In production
 * the answer is written by fast-json-stringify, compiled once per route from the JSON schema derived
 * from the route's zod response schema (what Fastify does for plain JSON-schema routes), so the
 * answer keeps exactly the schema's fields without being parsed.
 *
 * The contract is still checked where it costs nothing: with `checkAnswers` (NODE_ENV development
 * and test, so every API test) each answer is first parsed by its zod schema as before (a mismatch is
 * the same 500 and logged error), and the compiled writer's output must equal the zod-parsed answer,
 * so a schema that fast-json-stringify would write differently fails the tests instead of reaching a
 * client. A schema that has no JSON-schema form (a transform) keeps the zod writer.
 */
export interface ResponseSerializerOptions {
  checkAnswers: boolean;
}

type Writer = (data: unknown) => string;

function resolveZod(schema: unknown): ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const nested = (schema as { properties?: unknown } | undefined)?.properties;
  return nested instanceof z.ZodType ? nested : undefined;
}

type JsonSchema = Record<string, unknown>;

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
/** Keywords that only validate: fast-json-stringify writes a value the same with or without them. */
const VALIDATION_ONLY = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'multipleOf',
]);

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The branches of an `anyOf`, nested ones flattened (zod writes `a.or(b.or(c))` as nested unions). */
function flatBranches(node: JsonSchema): JsonSchema[] | undefined {
  if (!Array.isArray(node.anyOf) || !node.anyOf.every(isObject)) return undefined;
  const flat: JsonSchema[] = [];
  for (const branch of node.anyOf as JsonSchema[]) {
    const nested = Object.keys(branch).length === 1 ? flatBranches(branch) : undefined;
    flat.push(...(nested ?? [branch]));
  }
  return flat;
}

/** `{type: 'null'}` and nothing else. */
const isNullBranch = (b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1;

/** A scalar type with only validation keywords (and `extra`, e.g. `const`) beside it. */
const isScalarBranch = (b: JsonSchema, extra?: string) =>
  typeof b.type === 'string' &&
  SCALAR_TYPES.has(b.type) &&
  Object.keys(b).every((key) => key === 'type' || key === extra || VALIDATION_ONLY.has(key));

/**
 * A union of scalars as one type array: `{anyOf: [{type: 'string', …}, {type: 'null'}]}` as
 * `{type: ['string', 'null'], …}`, and a union of constants (`'patient' | 0 | 1`) as
 * `{type: ['string', 'number'], enum: ['patient', 0, 1]}`. Anything else (objects, arrays, formats,
 * enums, constants mixed with open types) stays a union: undefined.
 */
function asTypeArray(node: JsonSchema): JsonSchema | undefined {
  const branches = flatBranches(node);
  if (!branches || branches.length < 2) return undefined;
  const nullable = branches.some(isNullBranch);
  const values = branches.filter((b) => !isNullBranch(b));
  const types = [...new Set(values.map((b) => b.type as string)), ...(nullable ? ['null'] : [])];
  const { anyOf: _branches, ...siblings } = node;
  if (values.length > 0 && values.every((b) => 'const' in b && isScalarBranch(b, 'const'))) {
    return { ...siblings, type: types, enum: [...values.map((b) => b.const), ...(nullable ? [null] : [])] };
  }
  if (nullable && values.length === 1 && isScalarBranch(values[0] as JsonSchema)) {
    return { ...siblings, ...values[0], type: types };
  }
  return undefined;
}

/**
 * The JSON schema with every union of scalars written as a type array (asTypeArray). For an `anyOf`
 * fast-json-stringify compiles a schema check of each branch that runs on every value of every row
 * (4 % of the list's CPU in the profile: a nullable number, the patient's role); for a type array it
 * tests the value's JavaScript type. The answer is written the same either way.
 */
export function scalarUnionsAsTypeArrays(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(scalarUnionsAsTypeArrays);
  if (!isObject(schema)) return schema;
  const node = asTypeArray(schema) ?? schema;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, scalarUnionsAsTypeArrays(value)]));
}

/** The compiled writer of a zod schema, or undefined when it has no faithful JSON-schema form. */
export function compileWriter(schema: ZodType): Writer | undefined {
  try {
    const json = scalarUnionsAsTypeArrays(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }));
    return fastJson(json as Parameters<typeof fastJson>[0]) as Writer;
  } catch {
    return undefined;
  }
}

/**
 * Compiled writers by schema. Fastify asks for a route's serializer at every start, and the API tests
 * start hundreds of apps in one process: compiling fast-json-stringify code for every route each time
 * cost seconds per start, so a schema's writer is compiled once per process, on the first answer that
 * needs it (null: the schema has no faithful JSON-schema form).
 */
const compiledWriters = new WeakMap<ZodType, Writer | null>();

function writerOf(schema: ZodType): Writer | undefined {
  let writer = compiledWriters.get(schema);
  if (writer === undefined) {
    writer = compileWriter(schema) ?? null;
    compiledWriters.set(schema, writer);
  }
  return writer ?? undefined;
}

/**
 * The serializer of answers of `schema`: its compiled writer, or the zod writer when it has none; with
 * `checkAnswers` the zod parse and the comparison described at the top.
 */
function answerSerializer(
  schema: ZodType,
  zodWriter: Writer,
  route: { method: string; url: string },
  options: ResponseSerializerOptions,
): Writer {
  return (data) => {
    const write = writerOf(schema);
    if (!write) return zodWriter(data);
    if (!options.checkAnswers) return write(data);
    const checked = JSON.parse(zodWriter(data)) as unknown;
    let text: string;
    try {
      text = write(data);
    } catch (error) {
      throw new ResponseSerializationError(route.method, route.url, { cause: error as never });
    }
    if (!isDeepStrictEqual(JSON.parse(text), checked)) {
      throw new ResponseSerializationError(route.method, route.url, {
        cause: new Error('the compiled writer and the zod schema disagree on this answer') as never,
      });
    }
    return text;
  };
}

export function createResponseSerializerCompiler(options: ResponseSerializerOptions): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodWriter = zodSerializerCompiler(route as never) as Writer;
    const schema = resolveZod(route.schema);
    if (!schema) return zodWriter;
    return answerSerializer(schema, zodWriter, route, options);
  };
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Writes this reply's answer with `schema`, the branch of the route's union response schema that
     * the handler knows it is answering (e.g. the doctors' or the patients' page of /api/user/list).
     * For a union of objects, fast-json-stringify otherwise picks the branch by validating the whole
     * answer against each branch with ajv, every row of a list: ~8 % of a list answer's server CPU.
     * Call it once the answer is in hand, so that an error reply keeps the route's own serializer.
     */
    answerAs(schema: ZodType): FastifyReply;
  }
}

/** Adds `reply.answerAs` with the same writers and checks as the routes' own serializers. */
export function registerAnswerBranches(app: FastifyInstance, options: ResponseSerializerOptions): void {
  const serializers = new WeakMap<ZodType, Writer>();
  app.decorateReply('answerAs', function answerAs(this: FastifyReply, schema: ZodType) {
    let serialize = serializers.get(schema);
    if (!serialize) {
      const route = { method: this.request.method, url: this.request.routeOptions.url ?? this.request.url };
      const zodWriter = zodSerializerCompiler({ schema, ...route, httpStatus: '200' } as never) as Writer;
      serialize = answerSerializer(schema, zodWriter, route, options);
      serializers.set(schema, serialize);
    }
    // A reply with its own serializer gets no JSON content type from Fastify: it is set here as for every answer.
    return this.type('application/json; charset=utf-8').serializer(serialize);
  });
}
