import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` turns the table definitions into SQL migrations under ./drizzle (applied at start).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
