import { z } from 'zod';
import { paged, pageQuery } from './envelope';
import { idSchema } from './validators';

export const AuditPaths = { list: '/api/audit/list' } as const;

/**
 * Every action the audit log records, as stored in `audit_log.action`: one closed list, so a writer
 * cannot invent a spelling a reviewer's filter would miss. The strings are stored data: never rename
 * one; add new actions at the end of their group.
 */
export const AUDIT_ACTIONS = [
  // Sessions and accounts
  'auth.login',
  'auth.login.failed',
  'auth.login.locked',
  'auth.logout',
  'auth.password.reset',
  'account.register',
  'account.reregister',
  'doctor.approve',
  'doctor.reject',
  'doctor.update',
  'auth.password.change',
  'auth.sessions.revokeOthers',
  // Managed-group patients
  'patient.enrol',
  'patient.view',
  'patient.update',
  'patient.void',
  'patient.endManagement',
  'patient.notRemind',
  'patient.deleteFromIncompleteList',
  /** The guided end of management for a confirmed diabetes (annex 8, optionally a comparison enrolment). */
  'patient.progressToDiabetes',
  /** A list search with a keyword (either group): an ID number or mobile masked, a name masked after its first character. */
  'patient.search',
  // Comparison group
  'comparative.create',
  'comparative.void',
  'comparative.endManagement',
  // Records and prescriptions
  'record.create',
  'record.update',
  'record.void',
  'prescription.create',
  'prescription.void',
  // Reads of bulk or audit data
  'export',
  'audit.list',
  // Reads of a patient's clinical data: one row per call (entity 'patient', the row count in detail)
  'record.list',
  'record.read',
  'record.revisions',
  'prescription.current',
  'prescription.list',
  'prescription.read',
  /** An institution's patients of both groups without a keyword (with one: patient.search). */
  'patient.institutionList',
  'outcome.report',
  // Follow-up outreach (api/outreach.ts)
  'outreach.contact',
  'outreach.contacts.list',
  'outreach.status',
  'outreach.smsConsent',
  'outreach.messages.list',
  'outreach.reminders.run',
  'outreach.reminders.settings',
  // Refused calls: the action is the reason; one row per source, reason and route a minute
  'denied.token',
  'denied.role',
  'denied.scope',
  'denied.rule',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS, { message: '审计操作类型（action）不存在' });

export const auditListQuery = pageQuery.extend({
  action: auditActionSchema.optional(),
  entity: z.string().trim().max(32).optional(),
  entityId: z.string().trim().max(32).optional(),
  actorId: idSchema.optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorRole: z.string().nullable(),
  // A plain string on the way out: during a rolling deploy an older instance may read a row that a
  // newer one wrote with an action it does not know yet, and must still list it.
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  institutionId: z.number().int().nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.unknown(),
});
export const auditListResult = paged(auditEntrySchema);
