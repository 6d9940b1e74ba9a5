import type { MessageItem } from '@tcm/contracts';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { loadPatient } from '../../db/queries/patients';
import { institutions, smsOutbox } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { ServiceCall } from '../../lib/context';
import { badRequest } from '../../lib/errors';

/** GET /api/outreach/messages?patientId=: the reminders kept for a patient, newest first; never the text. */
export async function listMessages({ ctx, input }: ServiceCall<{ patientId: number }>): Promise<MessageItem[]> {
  const patient = await loadPatient(ctx, input.patientId);
  const rows = await ctx.db
    .select({ id: smsOutbox.id, kind: smsOutbox.kind, status: smsOutbox.status, createdAt: smsOutbox.createdAt, sentAt: smsOutbox.sentAt })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.patientId, patient.id), isNotNull(smsOutbox.kind)))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id));
  await writeAudit(ctx, {
    action: 'outreach.messages.list',
    entity: 'patient',
    entityId: patient.id,
    institutionId: patient.institutionId,
    detail: { rows: rows.length },
  });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind ?? 'beforeDue',
    status: r.status,
    createdAt: new Date(r.createdAt).toISOString(),
    sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
  }));
}

/** The admin's view of the switch: every institution, in id order, with whether its reminders are on. */
export async function listReminderSettings({ ctx }: ServiceCall<unknown>) {
  const rows = await ctx.db
    .select({ institutionId: institutions.id, name: institutions.name, enabled: institutions.remindersEnabled })
    .from(institutions)
    .orderBy(asc(institutions.id));
  return { list: rows };
}

/** The admin switches an institution's SMS reminders on or off (audited). */
export async function setReminderSettings({ ctx, input }: ServiceCall<{ institutionId: number; enabled: boolean }>) {
  const [row] = await ctx.db
    .update(institutions)
    .set({ remindersEnabled: input.enabled })
    .where(eq(institutions.id, input.institutionId))
    .returning({ institutionId: institutions.id, enabled: institutions.remindersEnabled });
  if (!row) throw badRequest('所选社区不存在');
  await writeAudit(ctx, {
    action: 'outreach.reminders.settings',
    entity: 'institution',
    entityId: row.institutionId,
    institutionId: row.institutionId,
    detail: { enabled: row.enabled },
  });
  return row;
}
