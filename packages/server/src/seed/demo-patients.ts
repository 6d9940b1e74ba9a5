import { type AnnexKey, defaultNextVisitDate, makeResidentId } from '@tcm/contracts';
import dayjs from 'dayjs';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createPatient, endManagement } from '../modules/patients/patient-service';
import type { SmsSender } from '../sms';
import { issueSuggestedPrescriptions } from './demo-prescriptions';
import {
  annex1Data,
  annex2Data,
  annex3Data,
  annex4Data,
  annex5Data,
  annex6Data,
  annex7Data,
  annex8Data,
  annex9Data,
  makeProfile,
  type PatientProfile,
} from './demo-records';
import { at, dateOf, demoDoctorContexts, record, type SeedContext } from './demo-seed-context';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '高', '罗'];
const GIVEN = [
  '秀英',
  '建国',
  '桂兰',
  '志强',
  '玉梅',
  '国华',
  '丽华',
  '德明',
  '淑珍',
  '卫东',
  '春梅',
  '海涛',
  '凤英',
  '永强',
  '美玲',
  '文斌',
];

/** Managed-group stories (PRODUCT §7): every state a doctor meets. */
type ManagedStory = 'upToDate' | 'overdue' | 'baselineIncomplete' | 'justEnrolled' | 'endedEvaluated' | 'endedWithoutEvaluation';
const MANAGED_STORIES: ManagedStory[] = [
  'upToDate',
  'upToDate',
  'upToDate',
  'overdue',
  'overdue',
  'baselineIncomplete',
  'baselineIncomplete',
  'justEnrolled',
  'endedEvaluated',
  'endedEvaluated',
  'endedWithoutEvaluation',
];
type ComparisonStory = 'current' | 'overdue' | 'ended';
const COMPARISON_STORIES: ComparisonStory[] = ['current', 'overdue', 'ended'];

async function enrol(s: SeedContext, cohort: 'managed' | 'comparison', enrolledDaysAgo: number, comparisonRole?: 0 | 1) {
  s.sequence += 1;
  const gender = s.r.next() < 0.5 ? 'man' : 'woman';
  const birth = dayjs(`${s.r.int(1950, 1985)}-01-01`)
    .add(s.r.int(0, 364), 'day')
    .format('YYYY-MM-DD');
  const seq = s.r.int(1, 499) * 2 + (gender === 'man' ? 1 : 0);
  const input = {
    cohort,
    name: `${s.r.pick(SURNAMES)}${s.r.pick(GIVEN)}`,
    idNum: makeResidentId(s.r.pick(['330102', '330105', '330106', '330108']), birth, seq % 1000),
    telNum: `13${s.r.int(5, 9)}${String(s.r.int(0, 99_999_999)).padStart(8, '0')}`,
    institutionId: s.actor.institutionId ?? 1,
    gender: gender as 'man' | 'woman',
    consentDate: dateOf(s, enrolledDaysAgo),
    ...(comparisonRole === undefined ? {} : { comparisonRole }),
  };
  return (await createPatient({ ctx: at(s, enrolledDaysAgo), input })).id;
}

async function baseline(s: SeedContext, id: number, p: PatientProfile, day: number, annexes: readonly AnnexKey[]) {
  const date = dateOf(s, day);
  const builders: Partial<Record<AnnexKey, () => Record<string, unknown>>> = {
    '1': () => annex1Data(p, date, s.r),
    '2': () => annex2Data(date, s.r),
    '3': () => annex3Data(date, s.r),
    '4': () => annex4Data(date, 0, p.improves, s.r),
    '6': () => annex6Data(p, date, s.r),
  };
  for (const annex of annexes) await record(s, id, annex, day, builders[annex]!());
}

/** Follow-ups every `interval` days after enrolment (`fromDay` ago), the last one exactly `untilDay` ago. */
async function followUps(
  s: SeedContext,
  id: number,
  p: PatientProfile,
  fromDay: number,
  untilDay: number,
  interval: number,
  cohort: 'managed' | 'comparison',
) {
  const days: number[] = [];
  for (let day = untilDay; day <= fromDay - interval; day += interval) days.push(day);
  for (const day of days.reverse()) {
    const date = dateOf(s, day);
    const progress = Math.min(1, (fromDay - day) / 180);
    await record(s, id, '7', day, annex7Data(p, date, progress, defaultNextVisitDate(date, cohort), s.r));
  }
}

async function managedPatient(s: SeedContext, story: ManagedStory) {
  const p = makeProfile(s.r);
  const enrolled = {
    upToDate: s.r.int(60, 150),
    overdue: s.r.int(80, 160),
    baselineIncomplete: s.r.int(18, 40),
    justEnrolled: s.r.int(0, 3),
    endedEvaluated: s.r.int(190, 230),
    endedWithoutEvaluation: s.r.int(185, 200),
  }[story];
  const id = await enrol(s, 'managed', enrolled);
  if (story === 'justEnrolled') return;
  if (story === 'baselineIncomplete') {
    await baseline(s, id, p, enrolled, ['1', '6']);
    return;
  }
  await baseline(s, id, p, enrolled, ['1', '2', '3', '4', '6']);
  await issueSuggestedPrescriptions(at(s, enrolled - 1), id);
  for (let day = enrolled - 10; day > 5; day -= s.r.int(25, 40)) await record(s, id, '5', day, annex5Data(dateOf(s, day), s.r));
  const lastFollowUp = {
    upToDate: s.r.int(2, 12),
    overdue: s.r.int(22, 45),
    endedEvaluated: s.r.int(15, 30),
    endedWithoutEvaluation: s.r.int(10, 20),
  }[story];
  await followUps(s, id, p, enrolled, lastFollowUp, 15, 'managed');
  if (story === 'endedEvaluated') {
    const day = lastFollowUp - 5;
    await record(s, id, '4', day, annex4Data(dateOf(s, day), 1, p.improves, s.r));
    // Saving the end evaluation also ends management.
    await record(s, id, '8', day, annex8Data(p, dateOf(s, day), s.r));
  } else if (story === 'endedWithoutEvaluation') {
    await endManagement({ ctx: at(s, lastFollowUp - 3), input: { id, cohort: 'managed' } });
  }
}

async function comparisonMember(s: SeedContext, role: 0 | 1, story: ComparisonStory) {
  const p = makeProfile(s.r);
  const enrolled = s.r.int(200, 330);
  const id = await enrol(s, 'comparison', enrolled, role);
  await baseline(s, id, p, enrolled, ['1', '3', '6']);
  const lastDay = story === 'overdue' ? s.r.int(100, 130) : s.r.int(10, 60);
  if (role === 0) {
    await followUps(s, id, p, enrolled, lastDay, 90, 'comparison');
  } else {
    const days: number[] = [];
    for (let day = lastDay; day <= enrolled - 90; day += 90) days.push(day);
    for (const day of days.reverse()) await record(s, id, '9', day, annex9Data(dateOf(s, day), s.r.real(6.2, 8.4), s.r));
  }
  if (story === 'ended') await endManagement({ ctx: at(s, Math.max(0, lastDay - 5)), input: { id, cohort: 'comparison' } });
}

/**
 * Demo patients for each approved demo doctor's institution: managed patients in every state and
 * comparison members of both roles, with records created through the same services the API uses, so
 * every derived value, summary and audit row is real.
 */
export async function seedDemoPatients(db: Db, config: Config, sms: SmsSender, doctorMobiles: readonly string[]): Promise<number> {
  let created = 0;
  for (const s of await demoDoctorContexts(
    { db, config, sms },
    doctorMobiles,
    (index) => 2026 + index,
    () => 0,
  )) {
    for (const story of MANAGED_STORIES) await managedPatient(s, story);
    for (const role of [0, 1] as const) for (const story of COMPARISON_STORIES) await comparisonMember(s, role, story);
    created += s.sequence;
  }
  return created;
}
