import { defineConfig } from 'drizzle-kit';

/** drizzle-kit reads the schema and writes SQL migrations, committed under src/db/migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
