import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; they are applied in-process at boot (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
