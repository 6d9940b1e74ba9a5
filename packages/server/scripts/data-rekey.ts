// `npm run data:rekey`: seals every patient's ID number and mobile under the current data key (DATA_KEY
// or DATA_KEY_FILE), opening rows sealed under a key in DATA_KEY_PREVIOUS, and seals any left in
// plaintext. The server does the same at every start; this runs it without a restart (PostgreSQL) or
// while the server is stopped (PGlite, which one process opens at a time). docs/security-data.md.

import { openDatabaseFromEnv } from '../src/cli/open-from-env';
import { loadConfig } from '../src/config';
import { withStartupLock } from '../src/db/migrate';
import { sealPatientIdentifiers } from '../src/db/queries/patient-identifiers';
import { keyringOf } from '../src/lib/crypto';

async function main(): Promise<void> {
  // Relative paths (DATA_DIR, DATA_KEY_FILE, ./data/data.key) as `npm start` reads them: from where the command was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig(process.env);
  const keyring = keyringOf(config);
  const { database, where } = await openDatabaseFromEnv(process.env);
  try {
    // The start-up lock keeps a starting server from sealing the same rows at the same time.
    const { sealed } = await withStartupLock(database, () => sealPatientIdentifiers(database.db, keyring));
    process.stdout.write(`${where}\nRekeyed ${sealed} patients to data key ${keyring.current.id}\n`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`data:rekey failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
