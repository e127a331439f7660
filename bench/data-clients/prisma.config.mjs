// Prisma CLI config for bench/data-clients.mjs's schema; the bench sets DATABASE_URL to its
// throw-away database (TypedSQL's `generate --sql` checks every .sql file against it).
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'schema.prisma',
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres?schema=quests' },
});
