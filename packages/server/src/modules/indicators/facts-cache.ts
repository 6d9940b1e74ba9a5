import {
  evaluatePatient,
  INDICATOR_KEYS,
  type IndicatorGroup,
  type IndicatorPeriod,
  type PatientIndicators,
  patientSchedule,
  periodOf,
  trailingPeriods,
} from '@tcm/contracts';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  type IndicatorScope,
  parseScopedFacts,
  readAllIndicatorFacts,
  readIndicatorFactsSince,
  readLiveIndicatorFactIds,
  type ScopedFacts,
} from '../../db/queries/indicator-scope';
import { isoDate } from '../../lib/dates';
import { add, addSums, type Evaluated, emptySums, type ScopeSums, type Sums, TREND_PERIODS } from './aggregate';

/** How many periods keep their evaluations (least recently used go first): a trend reads 12. */
export const PERIOD_CACHE_LIMIT = 64;

interface Bucket {
  institutionId: number;
  doctorId: number | null;
  group: IndicatorGroup;
  patients: number;
  sums: Sums;
}

interface PeriodEntry {
  period: IndicatorPeriod;
  /** Each patient's part, by slot; undefined for a free slot. */
  results: (PatientIndicators | undefined)[];
  /** The bucket each slot's part is summed in. */
  keys: (string | undefined)[];
  /** The parts summed per institution, doctor and group, kept as parts come and go. */
  buckets: Map<string, Bucket>;
}

/** A scope's sums in one period: in all, by group, by institution and by doctor. */
export interface ScopeSumsBy extends ScopeSums {
  byInstitution: Map<number, Sums>;
  byDoctor: Map<number, Sums>;
}

/** What the cache has done, for the tests and the bench. */
export interface IndicatorCacheStats {
  fullLoads: number;
  deltas: number;
  /** Rows the deltas re-read (including rows already seen). */
  deltaRows: number;
  /** Reads of the live ids after the live count differed from the cache (a row deleted). */
  pruneReads: number;
  /** Patient-period evaluations run. */
  evaluations: number;
}

/**
 * An exact, incremental in-process copy of every live patient's indicator facts (what
 * loadScopedFacts answers for the city) and of each patient's part in the periods asked for.
 *
 * Freshness: every write of an `indicator_facts` row records its transaction id in `written_xid`
 * (a trigger, migration 0017; a change to the patient's own columns the indicators read touches the
 * row). Each read also answers `horizon`, the xmin of that statement's snapshot: every transaction
 * with a smaller id had ended when the rows were read, so its writes were seen. Any write the read
 * did not see (in progress, or begun later) has an id >= horizon, so the next read, of the rows with
 * `written_xid >= horizon`, brings it. A deleted row (a voided patient) shows as a live count lower
 * than the cache's, and a read of the live ids drops it.
 *
 * Refreshes are serialised: a request arriving while one runs waits for the next, which starts
 * after the running one ends, so that it sees every write committed before it arrived.
 */
export class IndicatorCache {
  private slots: (ScopedFacts | undefined)[] = [];
  private readonly slotOf = new Map<number, number>();
  private free: number[] = [];
  /** The occupied slots in patient id order; rebuilt after a patient comes or goes. */
  private order: number[] | null = null;
  private horizon: string | null = null;
  private today: string | null = null;
  private readonly periods = new Map<string, PeriodEntry>();
  /** Equal results share one object: a period then costs a reference per patient. */
  private interned = new Map<string, PatientIndicators>();
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  readonly stats: IndicatorCacheStats = { fullLoads: 0, deltas: 0, deltaRows: 0, pruneReads: 0, evaluations: 0 };

  constructor(private readonly db: Db) {}

  /** Brings the cache up to every write committed before the call. */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.running) {
      const next = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.refresh();
        });
      this.queued = next;
      return next;
    }
    const run = this.read().finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  get size(): number {
    return this.slotOf.size;
  }

  get cachedPeriods(): number {
    return this.periods.size;
  }

  /**
   * The patients of a scope (in id order) with their part in each period, judged on `today`. Call
   * after refresh() and without awaiting in between, so that the answer is of one state.
   */
  view(scope: IndicatorScope, periods: readonly IndicatorPeriod[], today: string): CacheView {
    this.setToday(today);
    this.ensurePeriods(periods);
    const slots = this.scopeSlots(scope);
    const entries = new Map(periods.map((p) => [p.key, this.touch(p.key)]));
    const patientsOf = this.slots;
    return {
      patients: slots.map((s) => patientsOf[s] as ScopedFacts),
      evaluated(period) {
        const entry = entries.get(period.key) as PeriodEntry;
        return slots.map((s) => ({ patient: patientsOf[s] as ScopedFacts, result: entry.results[s] as PatientIndicators }));
      },
      *results(period) {
        const entry = entries.get(period.key) as PeriodEntry;
        for (const s of slots) yield entry.results[s] as PatientIndicators;
      },
      sums(period) {
        const entry = entries.get(period.key) as PeriodEntry;
        const out: ScopeSumsBy = {
          total: emptySums(),
          byGroup: { managed: emptySums(), comparison: emptySums(), diabetic: emptySums() },
          byInstitution: new Map(),
          byDoctor: new Map(),
        };
        for (const b of entry.buckets.values()) {
          if (scope.institutionId !== undefined && b.institutionId !== scope.institutionId) continue;
          if (scope.doctorId !== undefined && b.doctorId !== scope.doctorId) continue;
          addSums(out.total, b.sums);
          addSums(out.byGroup[b.group], b.sums);
          addInto(out.byInstitution, b.institutionId, b.sums);
          if (b.doctorId !== null) addInto(out.byDoctor, b.doctorId, b.sums);
        }
        return out;
      },
    };
  }

  /** One patient's facts as of the last refresh, or undefined when not live (voided, unknown). */
  patient(id: number): ScopedFacts | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.slots[slot];
  }

  private async read(): Promise<void> {
    if (this.horizon === null) return this.fullLoad();
    const since = this.horizon;
    const rows = await readIndicatorFactsSince(this.db, since);
    const head = rows[0];
    if (!head) throw new Error('indicator cache: the delta read answered no row');
    this.stats.deltas += 1;
    const dirty = new Set<number>();
    for (const r of rows) {
      if (r.id === null) continue;
      this.stats.deltaRows += 1;
      if (r.voided || r.row === null) this.remove(r.id, dirty);
      else this.put(parseScopedFacts(r.row), dirty);
    }
    this.horizon = head.horizon;
    if (this.slotOf.size !== Number(head.live)) {
      // Rows that went (a voided patient's row is deleted). A row the cache lacks but this later
      // read sees was written at or after `horizon`: the next delta brings it.
      this.stats.pruneReads += 1;
      const ids = new Set(await readLiveIndicatorFactIds(this.db));
      for (const id of [...this.slotOf.keys()]) if (!ids.has(id)) this.remove(id, dirty);
    }
    this.reevaluate(dirty);
  }

  private async fullLoad(): Promise<void> {
    const rows = await readAllIndicatorFacts(this.db);
    const head = rows[0];
    if (!head) throw new Error('indicator cache: the full read answered no row');
    this.stats.fullLoads += 1;
    this.slots = [];
    this.slotOf.clear();
    this.free = [];
    this.order = null;
    this.periods.clear();
    this.interned.clear();
    for (const r of rows) if (r.row !== null) this.put(parseScopedFacts(r.row), null);
    this.horizon = head.horizon;
  }

  private put(facts: ScopedFacts, dirty: Set<number> | null): void {
    let slot = this.slotOf.get(facts.id);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.slots.length;
      this.slotOf.set(facts.id, slot);
      this.order = null;
    }
    this.slots[slot] = facts;
    dirty?.add(slot);
  }

  private remove(id: number, dirty: Set<number>): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.slots[slot] = undefined;
    this.free.push(slot);
    this.order = null;
    dirty.delete(slot);
    for (const entry of this.periods.values()) {
      unbucket(entry, slot);
      entry.results[slot] = undefined;
    }
  }

  private setToday(today: string): void {
    if (today === this.today) return;
    // Windows close with the days: every cached evaluation is of another day.
    this.today = today;
    this.periods.clear();
    this.interned.clear();
  }

  /** Evaluates the patients written since the last read, in every cached period, one schedule walk each. */
  private reevaluate(dirty: Set<number>): void {
    if (dirty.size === 0 || this.periods.size === 0 || this.today === null) return;
    this.evaluate([...dirty], [...this.periods.values()]);
  }

  private ensurePeriods(periods: readonly IndicatorPeriod[]): void {
    const missing = periods.filter((p) => !this.periods.has(p.key));
    if (missing.length === 0) return;
    const entries: PeriodEntry[] = missing.map((period) => ({
      period,
      results: new Array<PatientIndicators | undefined>(this.slots.length),
      keys: new Array<string | undefined>(this.slots.length),
      buckets: new Map(),
    }));
    for (const entry of entries) this.periods.set(entry.period.key, entry);
    const occupied: number[] = [];
    for (let s = 0; s < this.slots.length; s++) if (this.slots[s] !== undefined) occupied.push(s);
    this.evaluate(occupied, entries);
  }

  private evaluate(slots: readonly number[], entries: readonly PeriodEntry[]): void {
    const today = this.today as string;
    // The schedule walked up to the latest end serves every period (evaluatePatient takes one up to
    // at least the period's end), as the uncached trend does.
    const until =
      entries
        .map((e) => e.period.end)
        .sort()
        .at(-1) ?? today;
    for (const slot of slots) {
      const patient = this.slots[slot];
      if (!patient) continue;
      const schedule = patientSchedule(patient.facts, until, today);
      const key = `${patient.institutionId}|${patient.doctorId}|${patient.facts.group}`;
      for (const entry of entries) {
        unbucket(entry, slot);
        const result = this.intern(evaluatePatient(patient.facts, entry.period, today, schedule));
        entry.results[slot] = result;
        entry.keys[slot] = key;
        let bucket = entry.buckets.get(key);
        if (!bucket) {
          bucket = {
            institutionId: patient.institutionId,
            doctorId: patient.doctorId,
            group: patient.facts.group,
            patients: 0,
            sums: emptySums(),
          };
          entry.buckets.set(key, bucket);
        }
        bucket.patients += 1;
        add(bucket.sums, result);
      }
      this.stats.evaluations += entries.length;
    }
  }

  private intern(result: PatientIndicators): PatientIndicators {
    let key = '';
    for (const k of INDICATOR_KEYS) {
      const c = result[k];
      key += c ? `${c.numerator}/${c.denominator},` : ',';
    }
    const known = this.interned.get(key);
    if (known) return known;
    this.interned.set(key, result);
    return result;
  }

  /** Marks a period used; drops the least recently used beyond the limit. */
  private touch(key: string): PeriodEntry {
    const entry = this.periods.get(key) as PeriodEntry;
    this.periods.delete(key);
    this.periods.set(key, entry);
    while (this.periods.size > PERIOD_CACHE_LIMIT) {
      const oldest = this.periods.keys().next().value as string;
      this.periods.delete(oldest);
    }
    return entry;
  }

  private scopeSlots(scope: IndicatorScope): number[] {
    if (this.order === null) {
      const order: number[] = [];
      for (const [, slot] of this.slotOf) order.push(slot);
      const slots = this.slots;
      order.sort((a, b) => (slots[a] as ScopedFacts).id - (slots[b] as ScopedFacts).id);
      this.order = order;
    }
    if (scope.patientId !== undefined) {
      const slot = this.slotOf.get(scope.patientId);
      const one = slot === undefined ? undefined : this.slots[slot];
      if (!one || !inScope(one, scope)) return [];
      return [slot as number];
    }
    if (scope.institutionId === undefined && scope.doctorId === undefined) return this.order;
    return this.order.filter((s) => inScope(this.slots[s] as ScopedFacts, scope));
  }
}

/** Takes a slot's part out of its bucket; a bucket left with no patient goes. */
function unbucket(entry: PeriodEntry, slot: number): void {
  const key = entry.keys[slot];
  const result = entry.results[slot];
  if (key === undefined || result === undefined) return;
  const bucket = entry.buckets.get(key) as Bucket;
  add(bucket.sums, result, -1);
  bucket.patients -= 1;
  if (bucket.patients === 0) entry.buckets.delete(key);
  entry.keys[slot] = undefined;
}

function addInto(map: Map<number, Sums>, id: number, sums: Sums): void {
  let into = map.get(id);
  if (!into) {
    into = emptySums();
    map.set(id, into);
  }
  addSums(into, sums);
}

function inScope(p: ScopedFacts, scope: IndicatorScope): boolean {
  return (
    (scope.institutionId === undefined || p.institutionId === scope.institutionId) &&
    (scope.doctorId === undefined || p.doctorId === scope.doctorId) &&
    (scope.patientId === undefined || p.id === scope.patientId)
  );
}

/** The scope's patients and their parts, as the aggregate functions take them. */
export interface CacheView {
  patients: ScopedFacts[];
  evaluated(period: IndicatorPeriod): Evaluated[];
  results(period: IndicatorPeriod): Iterable<PatientIndicators>;
  /** The scope's sums in one period, from the per-bucket sums (no walk over the patients). */
  sums(period: IndicatorPeriod): ScopeSumsBy;
}

const caches = new WeakMap<object, IndicatorCache>();

/**
 * The cache of a database, or null inside a transaction: a transaction may read its own writes not
 * yet committed, which must not enter a cache other requests read (the caller reads the rows then).
 */
export function indicatorCacheOf(db: Db): IndicatorCache | null {
  if (db instanceof PgTransaction) return null;
  let cache = caches.get(db);
  if (!cache) {
    cache = new IndicatorCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The periods the indicators screen opens on (its default, this quarter) with the quarters of its
 * trend: the evaluations worth having before anyone asks.
 */
export function defaultIndicatorPeriods(today: string): IndicatorPeriod[] {
  return trailingPeriods(periodOf('quarter', today), TREND_PERIODS);
}

/**
 * Start-up, and each new day: the first full read (or a delta) and the evaluation of the default
 * periods on `today`, in the background, so that neither the first report nor the first after
 * midnight pays them (about 7 s for the city's 12 periods at 100,000 patients, docs/indicators.md).
 */
export async function warmIndicatorCache(
  db: Db,
  today = isoDate(new Date()),
  cache = indicatorCacheOf(db),
): Promise<{ patients: number; ms: number }> {
  const started = performance.now();
  if (!cache) return { patients: 0, ms: 0 };
  await cache.refresh();
  cache.view({}, defaultIndicatorPeriods(today), today);
  return { patients: cache.size, ms: Math.round(performance.now() - started) };
}

/**
 * Warms the cache again a few seconds after each local midnight (the clinics' time zone, which the
 * process follows): windows close with the days, so a new day re-evaluates every period. Answers a
 * function that stops it; the timer never keeps the process alive.
 */
export function warmIndicatorCacheDaily(db: Db, onError: (error: Error) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    const now = new Date();
    const next = new Date(now);
    next.setHours(24, 0, 5, 0);
    timer = setTimeout(() => {
      warmIndicatorCache(db).then(
        () => schedule(),
        (error: Error) => {
          onError(error);
          schedule();
        },
      );
    }, next.getTime() - now.getTime());
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
