import type { PatientDetail } from '@tcm/contracts/api/patient';
import type { AnnexRecord } from '@tcm/contracts/api/records';
import { type FakeServer, fakeServer, ok, refuse } from './fake-server';

/**
 * One managed patient on the follow-up screen (annex 7), as the record screens' component tests need
 * them: the patient's detail, annex 7 records, and a fake server that lists and saves them with the
 * server's envelopes (a stale revision answers 409, as the API does).
 */

export const PATIENT = 7;

export const DETAIL = {
  id: PATIENT,
  name: '张三',
  age: 52,
  gender: 'man',
  idNum: '110101197301011234',
  tel_num: '13800000000',
  institutionId: 1,
  institutionName: '社区卫生服务中心',
  cohort: 'managed',
  role: 'patient',
  enrolledAt: '2025-01-02',
  endManagement: false,
  endedAt: null,
  fillStatus: 'completed',
  filledAnnexes: ['7'],
  lastFollowUpDate: '2025-03-10',
  nextDueDate: '2025-06-10',
  overdue: false,
  daysSinceLastFollowUp: 30,
  remindSilenced: false,
  urgent: false,
  urgentAlert: null,
  birthDate: '1973-01-01',
  consentDate: '2025-01-02',
} as unknown as PatientDetail;

/** An annex 7 record as the server answers it. */
export function followUp(id: number, revision: number, data: Record<string, unknown>, derived: Record<string, unknown> = {}): AnnexRecord {
  const filledAt = `${String(data.visitDate)}T00:00:00.000Z`;
  return {
    id,
    annex: '7',
    patientId: PATIENT,
    version: 1,
    data,
    derived,
    filledAt,
    nextDueDate: null,
    doctorId: 2,
    doctorName: '王医生',
    revision,
    createdAt: filledAt,
    updatedAt: filledAt,
  } as AnnexRecord;
}

/**
 * The server: the patient, an empty history for every annex but 7, and annex 7's records by id. A save
 * answers the record with the derived values it is given (the server computes them; these tests say
 * what it answered).
 */
export function followUpClinic(
  records: AnnexRecord[],
  savedDerived: Record<string, unknown> = {},
): FakeServer & { records: AnnexRecord[] } {
  const server = Object.assign(fakeServer(), { records });
  server
    .on('GET', '/api/user/patient', () => ok(DETAIL))
    .on('GET', '/api/annex/:annex/records', (request, [, annex]) => {
      const list = annex === '7' ? server.records : [];
      return ok({ list, total: list.length, page: request.params.page, limit: request.params.limit });
    })
    .on('PUT', '/api/annex/7/records/:id', (request, [, id]) => {
      const body = request.body as { data: Record<string, unknown>; revision: number };
      const current = server.records.find((r) => r.id === Number(id));
      if (!current || current.revision !== body.revision) return refuse(409, '该记录已被他人修改或作废，请刷新后重试');
      const saved = followUp(current.id, current.revision + 1, body.data, savedDerived);
      server.records = server.records.map((r) => (r.id === saved.id ? saved : r));
      return ok(saved);
    });
  return server;
}
