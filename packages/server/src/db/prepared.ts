import type { Db } from './client';

/**
 * Statements a hot read runs on every request (the session check, the personal centre, the bells),
 * built by Drizzle once per database handle instead of once per request, and prepared by PostgreSQL
 * once per connection (a named statement: parsed and planned once). Each query is keyed by the
 * Drizzle handle it was built on: a prepared query runs on that handle, so a transaction's handle
 * (inTransaction) gets its own, which lives as long as the transaction.
 */
export function preparedPerDb<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
