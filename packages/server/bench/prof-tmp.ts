import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { loadConfig } from '../src/config';
import { seedBaseline } from '../src/seed/baseline';
import { accounts } from '../src/db/schema';
import { createFollowUpData } from './export-data';
import { scratchDatabase } from './scratch-database';
import pg from 'pg';
const scratch = await scratchDatabase(process.env.DATABASE_URL!);
const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
try {
  await runMigrations(database);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), databaseUrl: scratch.url };
  await seedBaseline(database.db, config);
  const [admin] = await database.db.insert(accounts).values({ role: 'admin', username: 'x', name: 'x', passwordHash: 'x' }).returning();
  await createFollowUpData(database.db, { followUps: 100000, doctorId: admin!.id });
  const c = new pg.Client({ connectionString: scratch.url }); await c.connect();
  const q = `explain (analyze, buffers) select p.id, p.name, r.id, r.data, r.derived, a.name from annex_records r join patients p on p.id = r.patient_id left join institutions i on i.id = p.institution_id left join accounts a on a.id = r.doctor_id where r.annex = '7' and r.voided_at is null and p.voided_at is null and r.id > 50000 order by r.id limit 500`;
  const res = await c.query(q); console.log(res.rows.map((r) => r['QUERY PLAN']).join('\n'));
  await c.end();
} finally { await database.close(); await scratch.drop(); }
