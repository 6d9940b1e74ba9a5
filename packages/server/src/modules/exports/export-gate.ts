import { tooMany } from '../../lib/errors';

/** Who asks for an export: a user, and the institution whose share it counts against (null: the admin). */
export interface ExportHolder {
  userId: number;
  institutionId: number | null;
}

export const EXPORT_REFUSALS = {
  full: '当前导出任务较多，请稍后再试',
  user: '您已有一个导出正在进行，请等它完成后再试',
  institution: '本机构正在进行的导出较多，请稍后再试',
} as const;

/**
 * How many exports may stream at once, and who gets the places. Each export holds a database reader
 * and a worker thread rendering sheet XML; on a two-core server a burst of large exports would
 * otherwise slow every clinical screen. A request that may not start is refused before any byte is
 * sent, so the client shows the envelope's message and the doctor can try again a moment later.
 *
 * Sharing, without a queue (a refused doctor asks again):
 * - a user runs one export at a time: a second click or a script cannot take more places;
 * - an institution (the admin counts as one more) holding its fair share, half the places rounded up,
 *   may take another only if a place stays free after it, so the last free place is always left to
 *   an institution below its share. With the default two places that is one export per institution.
 */
export class ExportGate {
  private running = 0;
  private readonly users = new Set<number>();
  private readonly institutions = new Map<string, number>();
  private readonly fairShare: number;

  constructor(private readonly limit: number) {
    this.fairShare = Math.ceil(limit / 2);
  }

  /** Takes a place or throws the envelope error; call the returned function exactly once when done. */
  enter(holder: ExportHolder): () => void {
    if (this.running >= this.limit) throw tooMany(EXPORT_REFUSALS.full);
    if (this.users.has(holder.userId)) throw tooMany(EXPORT_REFUSALS.user);
    const institution = holder.institutionId === null ? 'city' : String(holder.institutionId);
    const held = this.institutions.get(institution) ?? 0;
    const freeAfter = this.limit - this.running - 1;
    if (held >= this.fairShare && freeAfter < 1) throw tooMany(EXPORT_REFUSALS.institution);
    this.running += 1;
    this.users.add(holder.userId);
    this.institutions.set(institution, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      this.users.delete(holder.userId);
      const left = (this.institutions.get(institution) ?? 1) - 1;
      if (left > 0) this.institutions.set(institution, left);
      else this.institutions.delete(institution);
    };
  }

  get active(): number {
    return this.running;
  }
}
