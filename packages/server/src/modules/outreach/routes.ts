import {
  contactItemSchema,
  createContactBody,
  createContactResult,
  envelope,
  followUpStatusResult,
  messageItemSchema,
  OutreachPaths,
  outreachPatientQuery,
  reminderRunResult,
  reminderSettingsBody,
  reminderSettingsList,
  reminderSettingsResult,
  setFollowUpStatusBody,
} from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../lib/audit';
import { keyringOf } from '../../lib/crypto';
import { ok } from '../../lib/respond';
import { listContacts, recordContact, setFollowUpStatus } from './contact-service';
import { listMessages, listReminderSettings, setReminderSettings } from './message-service';
import type { QueuedReminder } from './reminders/schedule';
import { runReminderSchedule } from './reminders/schedule';

const TAG = ['outreach'];

export interface OutreachRouteDeps {
  /** The job queue's enqueue (reminders/queue.ts); absent when the server runs without the queue. */
  enqueue?: ((reminders: QueuedReminder[]) => Promise<void>) | undefined;
}

/** Follow-up outreach (docs/outreach.md): attempts, follow-up status, reminders. */
export function outreachRoutes(deps: OutreachRouteDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(OutreachPaths.contacts, {
      config: { access: 'doctor', idempotent: true },
      schema: {
        tags: TAG,
        summary: 'Record an attempt to reach a patient; movedAway, died and refused set the follow-up status',
        body: createContactBody,
        response: { 200: envelope(createContactResult) },
      },
      handler: async (req) => ok(await recordContact({ ctx: req.ctx, input: req.body }), '已记录'),
    });

    r.get(OutreachPaths.contacts, {
      config: { access: 'authenticated' },
      schema: {
        tags: TAG,
        summary: "A patient's contact attempts, newest first",
        querystring: outreachPatientQuery,
        response: { 200: envelope(z.array(contactItemSchema)) },
      },
      handler: async (req) => ok(await listContacts({ ctx: req.ctx, input: req.query })),
    });

    r.post(OutreachPaths.status, {
      config: { access: 'doctor' },
      schema: {
        tags: TAG,
        summary: "Set a patient's follow-up status (转归) with a reason, e.g. back to active",
        body: setFollowUpStatusBody,
        response: { 200: envelope(followUpStatusResult) },
      },
      handler: async (req) => ok(await setFollowUpStatus({ ctx: req.ctx, input: req.body }), '已更新随访状态'),
    });

    r.get(OutreachPaths.messages, {
      config: { access: 'authenticated' },
      schema: {
        tags: TAG,
        summary: 'The SMS reminders kept for a patient: kind, status and dates, never the text',
        querystring: outreachPatientQuery,
        response: { 200: envelope(z.array(messageItemSchema)) },
      },
      handler: async (req) => ok(await listMessages({ ctx: req.ctx, input: req.query })),
    });

    r.post(OutreachPaths.runReminders, {
      config: { access: 'admin' },
      schema: {
        tags: TAG,
        summary: 'Run the reminder schedule now (the periodic job’s own code path); running it twice queues nothing new',
        response: { 200: envelope(reminderRunResult) },
      },
      handler: async (req) => {
        const ctx = req.ctx;
        const result = await runReminderSchedule({
          db: ctx.db,
          now: ctx.now,
          timeZone: ctx.config.timeZone,
          keyring: keyringOf(ctx.config),
          providerName: ctx.sms.provider.name,
          enqueue: deps.enqueue ?? (async () => {}),
          audit: ctx,
        });
        await writeAudit(ctx, { action: 'outreach.reminders.run', detail: { ...result } });
        return ok(result);
      },
    });

    r.get(OutreachPaths.reminderSettings, {
      config: { access: 'admin' },
      schema: {
        tags: TAG,
        summary: 'Every institution with whether its SMS reminders are on',
        response: { 200: envelope(reminderSettingsList) },
      },
      handler: async (req) => ok(await listReminderSettings({ ctx: req.ctx, input: undefined })),
    });

    r.post(OutreachPaths.reminderSettings, {
      config: { access: 'admin' },
      schema: {
        tags: TAG,
        summary: "Switch an institution's SMS reminders on or off",
        body: reminderSettingsBody,
        response: { 200: envelope(reminderSettingsResult) },
      },
      handler: async (req) => ok(await setReminderSettings({ ctx: req.ctx, input: req.body }), '已保存'),
    });
  };
}
