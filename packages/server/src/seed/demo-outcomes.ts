import { defaultNextVisitDate, makeResidentId } from '@tcm/contracts';
import dayjs from 'dayjs';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createPatient } from '../modules/patients/patient-service';
import type { SmsSender } from '../sms';
import { issueSuggestedPrescriptions } from './demo-prescriptions';
import { annex2Data, annex3Data, annex4Data, annex6Data, makeProfile, type PatientProfile } from './demo-records';
import { at, dateOf, demoDoctorContexts, record, type SeedContext } from './demo-seed-context';
import type { Random } from './random';

/**
 * Demo cohorts for the programme outcome page: per demo institution, managed patients and
 * pre-diabetes comparison members with a baseline glucose test (annex 1) and later measurements
 * (annexes 7 and 8) over the past year, so that each group has more than ten evaluable patients and
 * the two groups differ the way a working programme would: the managed group loses weight and more of
 * it returns to normal glucose; the comparison group gains a little and more of it progresses.
 * Everything goes through the same services as the API, so every derived value is real.
 */

type Fate = 'revert' | 'stay' | 'progress';

const MANAGED_PER_INSTITUTION = 10;
const COMPARISON_PER_INSTITUTION = 10;
/** A distinct area code keeps these ID numbers apart from the other demo patients'. */
const AREA_CODE = '330110';
const NAMES = ['陈建华', '林秀兰', '黄志明', '周玉珍', '吴国强', '郑丽娟', '孙德胜', '朱美华', '胡永福', '高桂芳', '何金龙', '罗淑英'];

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

async function enrol(s: SeedContext, cohort: 'managed' | 'comparison', daysAgo: number): Promise<number> {
  s.sequence += 1;
  const man = s.r.next() < 0.5;
  const birth = dayjs(`${s.r.int(1952, 1982)}-01-01`)
    .add(s.r.int(0, 364), 'day')
    .format('YYYY-MM-DD');
  const { id } = await createPatient({
    ctx: at(s, daysAgo),
    input: {
      cohort,
      ...(cohort === 'comparison' ? { comparisonRole: 0 as const } : {}),
      name: s.r.pick(NAMES),
      idNum: makeResidentId(AREA_CODE, birth, (s.sequence * 2 + (man ? 1 : 0)) % 1000),
      telNum: `13${s.r.int(5, 9)}${String(s.r.int(0, 99_999_999)).padStart(8, '0')}`,
      institutionId: s.actor.institutionId ?? 1,
      consentDate: dateOf(s, daysAgo),
    },
  });
  return id;
}

/**
 * Glucose at `progress` (0 at baseline, 1 at the last measurement) for a fate: reverting patients
 * drift to normal values, progressing ones cross the diabetes thresholds near the end.
 */
function glucoseAt(p: PatientProfile, fate: Fate, progress: number, r: Random) {
  const noise = () => r.real(-0.1, 0.1, 2);
  const towards = (from: number, to: number) => from + (to - from) * progress;
  if (fate === 'revert') {
    return {
      fpg: round(towards(p.baselineFpg, 5.5) + noise(), 1),
      ogtt2h: round(towards(p.baselineOgtt, 6.9) + noise(), 1),
      hba1c: round(towards(p.baselineHba1c, 5.4), 1),
    };
  }
  if (fate === 'progress') {
    return {
      fpg: round(towards(p.baselineFpg, 7.4) + noise(), 1),
      ogtt2h: round(towards(p.baselineOgtt, 11.6) + noise(), 1),
      hba1c: round(towards(p.baselineHba1c, 6.7), 1),
    };
  }
  return { fpg: round(Math.max(6.1, p.baselineFpg + noise()), 1), ogtt2h: round(p.baselineOgtt + noise(), 1), hba1c: p.baselineHba1c };
}

function pickFate(r: Random, shares: { revert: number; progress: number }): Fate {
  const x = r.next();
  if (x < shares.revert) return 'revert';
  if (x < shares.revert + shares.progress) return 'progress';
  return 'stay';
}

/** Annex 1 from the profile; a third of the patients had no OGTT at screening (IFG or HbA1c alone). */
function screening(p: PatientProfile, date: string, r: Random) {
  const withOgtt = r.next() < 0.67;
  return {
    testDate: date,
    fpg: p.baselineFpg,
    ...(withOgtt ? { ogtt2h: p.baselineOgtt } : {}),
    hba1c: p.baselineHba1c,
    familyHistory: r.pick(['no', 'yes', 'unknown']),
    westernDiagnosis: withOgtt && p.baselineOgtt >= 7.8 ? 'IFG+IGT' : 'IFG',
    tcmDisease: 'pidan',
    syndrome: r.pick(['tanshiNeiyun', 'pixuShikun', 'shireYunpi', 'qiyinLiangxu', 'ganyuPixu']),
  };
}

function followUp(s: SeedContext, date: string, weight: number, glucose: Record<string, number>, cohort: 'managed' | 'comparison') {
  return {
    visitDate: date,
    way: s.r.pick(['clinic', 'clinic', 'phone', 'home']),
    weight,
    ...glucose,
    symptoms: ['none'],
    adherenceDiet: s.r.pick(['good', 'fair']),
    adherenceMotion: s.r.pick(['good', 'fair', 'poor']),
    nextVisitDate: defaultNextVisitDate(date, cohort),
  };
}

/**
 * A managed patient: the baseline set, prescriptions, follow-ups every 13–20 days (FPG at every other
 * visit, HbA1c every third) and, after 180 days, the end evaluation with a full OGTT, a new symptom
 * score and a new constitution assessment.
 */
async function managedPatient(s: SeedContext) {
  const p = makeProfile(s.r);
  const fate = pickFate(s.r, { revert: 0.45, progress: 0.1 });
  const loss = fate === 'progress' ? s.r.real(0, 0.02, 3) : s.r.real(0.03, 0.09, 3);
  const enrolled = s.r.int(120, 330);
  const id = await enrol(s, 'managed', enrolled);
  const baselineDate = dateOf(s, enrolled);
  await record(s, id, '1', enrolled, screening(p, baselineDate, s.r));
  await record(s, id, '2', enrolled, annex2Data(baselineDate, s.r));
  await record(s, id, '3', enrolled, annex3Data(baselineDate, s.r));
  await record(s, id, '4', enrolled, annex4Data(baselineDate, 0, fate !== 'progress', s.r));
  await record(s, id, '6', enrolled, annex6Data(p, baselineDate, s.r));
  await issueSuggestedPrescriptions(at(s, enrolled - 1), id);
  const endDay = enrolled >= 185 ? enrolled - 180 : undefined;
  const lastVisit = endDay ?? s.r.int(3, 12);
  let visit = 0;
  for (let day = enrolled - s.r.int(13, 20); day > lastVisit; day -= s.r.int(13, 20)) {
    visit += 1;
    const progress = (enrolled - day) / 180;
    const g = glucoseAt(p, fate, Math.min(1, progress), s.r);
    const measured = { ...(visit % 2 === 0 ? { fpg: g.fpg } : {}), ...(visit % 3 === 0 ? { hba1c: g.hba1c } : {}) };
    await record(s, id, '7', day, followUp(s, dateOf(s, day), round(p.baselineWeight * (1 - loss * progress), 1), measured, 'managed'));
  }
  if (endDay === undefined) return;
  const endDate = dateOf(s, endDay);
  await record(s, id, '4', endDay, annex4Data(endDate, 1, fate !== 'progress', s.r));
  await record(s, id, '3', endDay, annex3Data(endDate, s.r));
  // Saving the end evaluation also ends management.
  await record(s, id, '8', endDay, {
    evaluationDate: endDate,
    ...glucoseAt(p, fate, 1, s.r),
    weight: round(p.baselineWeight * (1 - loss), 1),
    satisfaction: s.r.pick(['verySatisfied', 'satisfied', 'satisfied', 'neutral']),
  });
}

/** A comparison member: baseline 1, 3, 6, then a follow-up every 80–100 days with FPG, HbA1c and, last, an OGTT. */
async function comparisonMember(s: SeedContext) {
  const p = makeProfile(s.r);
  const fate = pickFate(s.r, { revert: 0.12, progress: 0.3 });
  const gain = s.r.real(-0.01, 0.025, 3);
  const enrolled = s.r.int(200, 330);
  const id = await enrol(s, 'comparison', enrolled);
  const baselineDate = dateOf(s, enrolled);
  await record(s, id, '1', enrolled, screening(p, baselineDate, s.r));
  await record(s, id, '3', enrolled, annex3Data(baselineDate, s.r));
  await record(s, id, '6', enrolled, annex6Data(p, baselineDate, s.r));
  const days: number[] = [];
  for (let day = enrolled - s.r.int(80, 100); day > 5; day -= s.r.int(80, 100)) days.push(day);
  for (const [index, day] of days.entries()) {
    const progress = Math.min(1, (enrolled - day) / 300);
    const last = index === days.length - 1;
    const g = glucoseAt(p, fate, last ? 1 : progress, s.r);
    const measured = last ? g : { fpg: g.fpg, hba1c: g.hba1c };
    await record(s, id, '7', day, followUp(s, dateOf(s, day), round(p.baselineWeight * (1 + gain * progress), 1), measured, 'comparison'));
  }
}

/** The outcome cohorts for each approved demo doctor's institution; returns how many patients it created. */
export async function seedDemoOutcomes(db: Db, config: Config, sms: SmsSender, doctorMobiles: readonly string[]): Promise<number> {
  let created = 0;
  // Each institution's ID numbers get their own range of sequence numbers.
  for (const s of await demoDoctorContexts(
    { db, config, sms },
    doctorMobiles,
    (index) => 13_000 + index,
    (index) => index * 100,
  )) {
    for (let i = 0; i < MANAGED_PER_INSTITUTION; i += 1) await managedPatient(s);
    for (let i = 0; i < COMPARISON_PER_INSTITUTION; i += 1) await comparisonMember(s);
    created += MANAGED_PER_INSTITUTION + COMPARISON_PER_INSTITUTION;
  }
  return created;
}
