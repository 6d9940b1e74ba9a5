import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@tcm/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, fastifyTrustProxy } from './config';
import type { Database } from './db/client';
import { DiskWatch } from './db/disk-space';
import { keyringOf } from './lib/crypto';
import { REDACT_PATHS, redactUrl, serializeError } from './lib/log-redaction';
import { registerPrivacyHeaders } from './lib/privacy-headers';
import { createResponseSerializerCompiler, registerAnswerBranches } from './lib/response-serializer';
import { registerSecurityHeaders } from './lib/security-headers';
import { annexQueryRoutes } from './modules/annex-queries/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { comparativeRoutes } from './modules/comparative/routes';
import { exportRoutes } from './modules/exports/routes';
import { indicatorRoutes } from './modules/indicators/routes';
import { institutionRoutes } from './modules/institutions/routes';
import { outcomeRoutes } from './modules/outcomes/routes';
import type { ReminderQueue } from './modules/outreach/reminders/queue';
import { outreachRoutes } from './modules/outreach/routes';
import { patientRoutes } from './modules/patients/routes';
import { prescriptionRoutes } from './modules/prescriptions/routes';
import { recordRoutes } from './modules/records/routes';
import { systemRoutes } from './modules/system/routes';
import { userRoutes } from './modules/users/routes';
import { type RouteAccess, registerAccessControl } from './plugins/access';
import { clientErrorAnswer } from './plugins/client-errors';
import { answerFrameworkError, isApiPath, registerErrorHandling } from './plugins/errors';
import { registerIdempotency } from './plugins/idempotency';
import { registerInputGuard } from './plugins/input-guard';
import { registerRefusalAudit } from './plugins/refusal-audit';
import { registerWebApp } from './plugins/web-app';
import { type SmsSender, smsSenderFromConfig } from './sms';

export const APP_VERSION = '0.1.0';
const BODY_LIMIT_BYTES = 1024 * 1024;
const DOCS_PREFIX = `${API_BASE}/docs`;

export interface AppDeps {
  config: Config;
  database: Database;
  sms?: SmsSender;
  /**
   * The reminder job queue (modules/outreach/reminders/queue.ts), which main.ts starts. Without it (API
   * tests) POST /api/outreach/reminders/run queues reminders in sms_outbox only; the queue's hourly job
   * hands such reminders on when a server with the queue runs.
   */
  reminders?: ReminderQueue;
  /** Where log lines go (tests capture them); stdout when absent. */
  logStream?: NodeJS.WritableStream;
  /**
   * Parse every answer with its zod schema too (lib/response-serializer.ts). Default: everywhere but
   * NODE_ENV=production, so every API test checks the answers against the contracts.
   */
  checkAnswers?: boolean;
  /** Overrides for tests; merged into the Fastify options. */
  fastifyOptions?: Partial<FastifyServerOptions>;
}

export interface BuiltApp {
  app: FastifyInstance;
  /** Every API route with its declared access rule, for the access matrix test. */
  routes: RouteAccess[];
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
  // The data key is read (or, outside production, created) now: a bad key fails the start, not a request.
  keyringOf(config);
  const sms = deps.sms ?? smsSenderFromConfig(config.sms);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
        // Errors are logged without query parameters or row details, which can hold identifiers.
        err: serializeError,
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // A malformed path or an over-long path parameter answers the envelope too.
    frameworkErrors: answerFrameworkError,
    // …and so does a request Node's HTTP parser refuses (raw UTF-8 in the URL, a URL over 16 KB).
    clientErrorHandler: clientErrorAnswer({ hsts: Boolean(config.publicUrl?.startsWith('https:')) }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...deps.fastifyOptions,
  });
  // Only JSON bodies are accepted; anything else gets a clear 415 instead of a confusing type error.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  const answers = { checkAnswers: deps.checkAnswers ?? config.nodeEnv !== 'production' };
  app.setSerializerCompiler(createResponseSerializerCompiler(answers));
  registerAnswerBranches(app, answers);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerPrivacyHeaders(app, config);

  registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  // PGlite's folder is measured for the health check; an in-memory database has none.
  const disk = new DiskWatch(database.kind === 'pglite' && !config.dataDir.includes('://') ? config.dataDir : undefined);
  registerErrorHandling(app, { onDiskFull: () => disk.noteFull() });
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) disk.noteWriteSucceeded();
  });
  registerInputGuard(app);

  const routes: RouteAccess[] = [];
  registerAccessControl(app, { database, config, sms, isApiRoute: isApiPath, routes });
  registerRefusalAudit(app);
  registerIdempotency(app, database.db);

  await registerApiDocs(app, config.apiDocs);

  await app.register(
    async (api) => {
      await api.register(systemRoutes({ database, disk, version: config.apiDocs === 'public' ? APP_VERSION : undefined }));
      await api.register(authRoutes(config.security));
      await api.register(institutionRoutes);
      await api.register(userRoutes);
      await api.register(patientRoutes);
      await api.register(comparativeRoutes);
      await api.register(annexQueryRoutes);
      await api.register(auditRoutes);
      await api.register(recordRoutes);
      await api.register(prescriptionRoutes);
      await api.register(exportRoutes(config.exportConcurrency));
      await api.register(outcomeRoutes);
      await api.register(indicatorRoutes);
      await api.register(outreachRoutes({ enqueue: deps.reminders?.enqueue }));
    },
    { prefix: API_BASE },
  );

  await registerWebApp(app, config.webDistDir);
  return { app, routes };
}

/**
 * The OpenAPI document and Swagger UI under /prod-api/docs. 'signed-in' gives every docs route the
 * access rule 'authenticated' (plugins/access.ts checks the satoken header), so an anonymous scan
 * learns neither the API's shape nor the server's version; 'off' serves nothing there (404).
 */
async function registerApiDocs(app: FastifyInstance, mode: Config['apiDocs']) {
  if (mode === 'off') return;
  if (mode === 'signed-in') {
    app.addHook('onRoute', (route) => {
      if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) route.config = { ...route.config, access: 'authenticated' };
    });
  }
  await app.register(swagger, {
    openapi: {
      info: {
        title: '糖尿病前期中医药健康管理 API',
        description: 'Every JSON answer is the envelope {code, data, message}; code 0 is success, 900 an expired session.',
        version: APP_VERSION,
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { satoken: { type: 'apiKey', in: 'header', name: 'satoken' } } },
      security: [{ satoken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The documentation page answers with the app's own headers (lib/security-headers.ts): swagger-ui's
  // static CSP would tell a browser on plain HTTP to upgrade its requests, and its scripts are files.
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
