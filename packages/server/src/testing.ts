/**
 * `@tcm/server/testing`: what the browser journeys (e2e/) and their benchmarks use of the server, so
 * that they import a package entry instead of reaching into its folders. Not part of the bundle that
 * `npm run build` makes (src/main.ts is its only entry); add here what e2e needs, nothing else.
 */
export { createBenchData, createBenchDoctors } from '../bench/bench-data';
export { scratchDatabase } from '../bench/scratch-database';
export { openWorkbook, readSheet } from '../test/support/xlsx';
export { buildApp } from './app';
export { type Config, DEFAULT_SECURITY, loadConfig } from './config';
export { type Database, dumpDatabaseToFile, openDatabase, readDatabaseDump } from './db/client';
export { runMigrations } from './db/migrate';
export { sealPatientIdentifiers } from './db/queries/patient-identifiers';
export { accounts, outreachContacts, patients } from './db/schema';
export { keyringOf } from './lib/crypto';
export { hashPassword } from './modules/auth/passwords';
export { seedBaseline } from './seed/baseline';
export { seedDemo } from './seed/demo';
