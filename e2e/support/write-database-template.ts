import { writeDatabaseTemplateTo } from './database-template';

/**
 * `node --import tsx e2e/support/write-database-template.ts <file>`: writes the journeys' demo
 * database template to <file>. `npm test` (scripts/test.mjs) runs it in the background while the
 * web app builds, so that the browser tier does not wait for the seeding with one core idle; it
 * hands the file to Playwright in E2E_DATABASE_TEMPLATE (fixtures/global-setup.ts).
 */
const file = process.argv[2];
if (!file) {
  console.error('usage: write-database-template.ts <file>');
  process.exit(2);
}
// The runner reads the file only once this process has exited with 0.
await writeDatabaseTemplateTo(file);
