import { defineConfig } from 'prisma/config';

// Migrations live in this service's own PostgreSQL schema; `_prisma_migrations` too.
const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/vere';
const withSchema = new URL(url);
withSchema.searchParams.set('schema', 'billing');

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: withSchema.toString() },
});
