import { API_BASE, TOKEN_HEADER } from '@tcm/contracts';
import { blankPrescription } from '@tcm/contracts/prescriptions/templates';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases';
import { addComparisonMember, createAdmin, createDoctor, enrolPatient, loginAs, nextMobile, nextResidentId } from './support/factories';
import {
  BODY_VALUES,
  PATH_VALUES,
  PROTO_KEY,
  pick,
  QUERY_VALUES,
  RAW_BODIES,
  seededRandom,
  TWO_MB,
  type WireValue,
} from './support/fuzz-inputs';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

/**
 * The fuzz tier: for every route and every parameter and body property of the OpenAPI
 * document, bad inputs sent as a doctor, the admin and nobody. Every answer must be below 500 and be
 * the envelope {code, data, message} (an error with code ≠ 0 and a Chinese message), or, for an
 * export, the file. Seeded, so a failure replays exactly.
 */

const SEED = 20_260_311;
const HAS_CJK = /[\u4e00-\u9fff]/;
type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  properties?: Record<string, JsonSchema>;
};
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}
type Caller = 'doctor' | 'admin' | 'nobody' | 'stranger';
interface Input {
  caller: Caller;
  path: Record<string, WireValue>;
  query: [string, WireValue][];
  body?: { contentType?: string; payload: string };
  what: string;
}

describe.each(databaseKinds())('fuzz from the OpenAPI document on %s', (kind) => {
  let t: TestApp;
  const tokens: Partial<Record<Caller, string>> = { stranger: 'not-a-session-token' };
  const fixtures = { patient: 0, member: 0, record: 0, prescription: 0 };
  beforeAll(async () => {
    t = await createTestApp(kind);
    tokens.doctor = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
    tokens.admin = await loginAs(t, await createAdmin(t));
    fixtures.patient = (await enrolPatient(t, tokens.doctor, { institutionId: INSTITUTION_A })).id;
    fixtures.member = (await addComparisonMember(t, tokens.doctor, { institutionId: INSTITUTION_A, role: 0 })).id;
    const record = await t.call<{ id: number }>({
      method: 'POST',
      path: '/api/annex/custom/records',
      token: tokens.doctor,
      body: { patientId: fixtures.patient, data: { title: '随访', recordDate: '2026-01-06', content: '正常' } },
    });
    fixtures.record = record.data.id;
    const prescription = await t.call<{ id: number }>({
      method: 'POST',
      path: '/prescription/sleep',
      token: tokens.doctor,
      body: { ...blankPrescription('sleep', fixtures.patient), a1: true },
    });
    fixtures.prescription = prescription.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A plausible valid value for a field, so that one bad field at a time reaches the deeper rules. */
  function validValue(name: string, schema: JsonSchema | undefined, path: string): unknown {
    const named: Record<string, unknown> = {
      patientId: fixtures.patient,
      id: path.includes('/records')
        ? fixtures.record
        : path.includes('/prescription')
          ? fixtures.prescription
          : path.includes('comparative')
            ? fixtures.member
            : fixtures.patient,
      institutionId: INSTITUTION_A,
      actorId: 1,
      // Follows from the ID number; a base value could only disagree with it.
      age: undefined,
      annex: 'custom',
      kind: 'sleep',
      revision: 1,
      username: 'fuzz-nobody',
      mobile: '13700000000',
      tel_num: nextMobile(),
      idNum: nextResidentId('1965-06-06', 'man'),
      code: '123456',
      password: 'Fuzz2026pass',
      name: '模糊测试',
      consentDate: '2026-01-05',
      from: '2026-01-01',
      to: '2026-12-31',
      reason: '测试',
      keyword: '张',
      data: { title: '随访', recordDate: '2026-01-06', content: '正常' },
    };
    if (name in named) return named[name];
    if (!schema) return 'abc';
    if (schema.default !== undefined) return schema.default;
    if (schema.enum) return schema.enum[0];
    if (schema.anyOf?.[0]) return validValue(name, schema.anyOf[0], path);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (type === 'integer' || type === 'number')
      return schema.minimum === undefined ? 1 : schema.minimum + (schema.exclusiveMinimum ? 1 : 0);
    if (type === 'boolean') return false;
    if (type === 'object') return {};
    if (type === 'array') return [];
    return 'abc';
  }

  function validBody(op: Operation): Record<string, unknown> {
    if (op.path.endsWith('/prescription/{kind}')) return { ...blankPrescription('sleep', fixtures.patient), a1: true };
    // The doctor's edit of a patient (the admin's edit of a doctor takes other fields).
    if (op.method === 'PUT' && op.path.endsWith('/api/user'))
      return { id: fixtures.patient, name: '模糊测试', tel_num: nextMobile(), consentDate: '2026-01-05' };
    const properties = op.body?.properties ?? {};
    return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, validValue(name, schema, op.path)]));
  }

  function inputsOf(op: Operation, random: () => number): Input[] {
    const callers: Caller[] = op.path.endsWith('/auth/logout') ? ['nobody', 'stranger'] : ['doctor', 'admin', 'nobody'];
    const caller = () => (random() < 0.15 ? 'nobody' : pick(random, callers));
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const path = Object.fromEntries(pathParams.map((p) => [p.name, { text: String(validValue(p.name, p.schema, op.path)) }]));
    const query = queryParams.map((p): [string, WireValue] => [p.name, { text: String(validValue(p.name, p.schema, op.path)) }]);
    const body = op.body || op.path.endsWith('/prescription/{kind}') ? validBody(op) : undefined;
    const json = (value: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(value) });
    const base = { path, query, ...(body ? { body: json(body) } : {}) };
    const inputs: Input[] = callers.map((c) => ({ ...base, caller: c, what: 'valid' }));
    for (const param of pathParams) {
      for (const value of PATH_VALUES)
        inputs.push({ ...base, caller: caller(), path: { ...path, [param.name]: value }, what: `path ${param.name}=${show(value)}` });
    }
    queryParams.forEach((param, index) => {
      const replace = (value: WireValue) => query.map(([n, v], i): [string, WireValue] => [n, i === index ? value : v]);
      for (const value of QUERY_VALUES)
        inputs.push({ ...base, caller: caller(), query: replace(value), what: `query ${param.name}=${show(value)}` });
      inputs.push({ ...base, caller: caller(), query: [...query, [param.name, { text: '2' }]], what: `query ${param.name} twice` });
      inputs.push({ ...base, caller: caller(), query: query.filter((_, i) => i !== index), what: `query without ${param.name}` });
      if (index === 0) inputs.push({ ...base, caller: caller(), query: replace({ text: TWO_MB }), what: `query ${param.name}=2 MB` });
    });
    if (queryParams.length > 0) {
      inputs.push({
        ...base,
        caller: caller(),
        query: [...query, ['__proto__', { text: '1' }], ['constructor[prototype]', { text: '1' }]],
        what: 'query __proto__',
      });
    }
    if (body) {
      const fields = Object.keys(body).length > 0 ? Object.keys(body) : ['patientId'];
      for (const field of fields) {
        for (const value of BODY_VALUES)
          inputs.push({ ...base, caller: caller(), body: json({ ...body, [field]: value }), what: `body ${field}=${show(value)}` });
        const { [field]: _dropped, ...without } = body;
        inputs.push({ ...base, caller: caller(), body: json(without), what: `body without ${field}` });
        const nested = body[field];
        if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
          for (const key of Object.keys(nested)) {
            for (const value of BODY_VALUES) {
              inputs.push({
                ...base,
                caller: caller(),
                body: json({ ...body, [field]: { ...nested, [key]: value } }),
                what: `body ${field}.${key}=${show(value)}`,
              });
            }
          }
        }
      }
      inputs.push({
        ...base,
        caller: caller(),
        body: json({ ...body, unexpected: 1, ...PROTO_KEY }),
        what: 'body with extra and __proto__ keys',
      });
      for (const raw of RAW_BODIES)
        inputs.push({ ...base, caller: caller(), body: raw, what: `raw body ${raw.contentType ?? 'no type'} ${raw.payload.slice(0, 30)}` });
    }
    return inputs;
  }

  async function send(op: Operation, input: Input): Promise<LightMyRequestResponse> {
    const wire = (value: WireValue) => ('raw' in value ? value.raw : encodeURIComponent(value.text));
    const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => wire(input.path[name] ?? { text: '' }));
    const search = input.query.map(([name, value]) => `${encodeURIComponent(name)}=${wire(value)}`).join('&');
    const headers: Record<string, string> = {};
    const token = tokens[input.caller];
    if (token) headers[TOKEN_HEADER] = token;
    if (input.body?.contentType) headers['content-type'] = input.body.contentType;
    const options: InjectOptions = { method: op.method as InjectOptions['method'], url: search ? `${url}?${search}` : url, headers };
    if (input.body) options.payload = input.body.payload;
    return t.app.inject(options);
  }

  /** Why an answer is wrong, or null when it is an envelope (or an export's file). */
  function fault(op: Operation, res: LightMyRequestResponse): string | null {
    if (res.statusCode >= 500) return `${res.statusCode}`;
    const type = String(res.headers['content-type'] ?? '');
    if (op.path.includes('export') && res.statusCode === 200 && type.includes('spreadsheetml')) return null;
    if (!type.includes('application/json')) return `not JSON (${res.statusCode} ${type})`;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(res.body);
    } catch {
      return 'invalid JSON';
    }
    const keys = Object.keys(body).sort().join(',');
    if (keys !== 'code,data,message' || typeof body.code !== 'number' || typeof body.message !== 'string')
      return `not the envelope: ${keys}`;
    if (res.statusCode >= 400 && body.code === 0) return `${res.statusCode} with code 0`;
    if (body.code !== 0 && !HAS_CJK.test(body.message)) return `message not Chinese: ${body.message.slice(0, 80)}`;
    return null;
  }

  it('answers every bad input with the envelope, never 5xx', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API_BASE}/docs/json` })).json() as {
      paths: Record<
        string,
        Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
      >;
    };
    const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        ...(op.requestBody?.content['application/json'] ? { body: op.requestBody.content['application/json'].schema } : {}),
      })),
    );
    // Voiding and ending management last, so the other routes meet a live patient.
    const last = (op: Operation) => (op.method === 'DELETE' || op.path.includes('endManagement') ? 1 : 0);
    operations.sort((a, b) => last(a) - last(b));
    expect(operations.length).toBeGreaterThan(40);
    const random = seededRandom(SEED);
    const faults: string[] = [];
    let tried = 0;
    let serverErrors = 0;
    let accepted = 0;
    for (const op of operations) {
      for (const input of inputsOf(op, random)) {
        const res = await send(op, input);
        tried += 1;
        if (res.statusCode < 300) accepted += 1;
        if (res.statusCode >= 500) serverErrors += 1;
        const why = fault(op, res);
        if (why) faults.push(`${op.method} ${op.path} as ${input.caller}, ${input.what}: ${why} ${res.body.slice(0, 160)}`);
      }
    }
    console.log(
      `fuzz on ${kind}: ${tried} inputs tried over ${operations.length} operations (${accepted} accepted), ${serverErrors} answers of 5xx, ${faults.length} other faults`,
    );
    expect(faults.slice(0, 40)).toEqual([]);
    expect(serverErrors).toBe(0);
  }, 300_000);
});

/** An input as the failure list names it, shortened. */
function show(value: unknown): string {
  const isWire = typeof value === 'object' && value !== null && ('raw' in value || 'text' in value);
  const text = isWire
    ? 'raw' in value
      ? String(value.raw)
      : String((value as { text: string }).text)
    : (JSON.stringify(value) ?? String(value));
  return text.length > 24 ? `${text.slice(0, 24)}…(${text.length})` : text;
}
