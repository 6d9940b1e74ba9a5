import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A throwaway database on the server of `url`, dropped (with its connections) by `drop()`. */
export async function scratchDatabase(url: string, prefix = 'tcm_bench') {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
