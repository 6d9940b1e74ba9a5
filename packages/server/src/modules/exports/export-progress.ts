/**
 * How far the exports running on this instance have got, for the export dialog's "rows written" line:
 * the client names its export with a `progressId` and polls GET /api/export/progress. Each entry
 * belongs to the user who started the export; it is forgotten a few minutes after the export ends.
 * In memory on purpose: the figure is a courtesy while the file streams, not a record (the audit row
 * is). With several instances behind a balancer a poll may reach another one, which answers
 * `known: false`, and the dialog falls back to the bytes received.
 */
const KEEP_AFTER_END_MS = 5 * 60_000;
const MAX_ENTRIES = 1000;

interface Entry {
  userId: number;
  counts: Record<string, number>;
  endedAt: number | null;
}

export class ExportProgressBoard {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** Follows `counts` (the per-sheet rows the writer fills in) under the user's id; returns the end call. */
  track(userId: number, progressId: string, counts: Record<string, number>): () => void {
    this.#prune();
    const entry: Entry = { userId, counts, endedAt: null };
    this.#entries.set(this.#key(userId, progressId), entry);
    return () => {
      entry.endedAt = this.clock();
    };
  }

  read(userId: number, progressId: string): { rows: number; done: boolean; known: boolean } {
    const entry = this.#entries.get(this.#key(userId, progressId));
    if (!entry) return { rows: 0, done: false, known: false };
    // The first sheet is the export's rows; later ones (the codebook, report tables) are not counted.
    const [rows = 0] = Object.values(entry.counts);
    return { rows, done: entry.endedAt !== null, known: true };
  }

  #key(userId: number, progressId: string): string {
    return `${userId}:${progressId}`;
  }

  #prune(): void {
    const now = this.clock();
    for (const [key, entry] of this.#entries) {
      if (entry.endedAt !== null && now - entry.endedAt > KEEP_AFTER_END_MS) this.#entries.delete(key);
    }
    // Bounded whatever the callers do: the oldest entries go first (a Map keeps insertion order).
    while (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
