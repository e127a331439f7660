// Writes the weekly challenge catalogue migration from weekly-challenges.json. Ids are derived from
// the position, so a regenerated file names the same challenges; the position is the rotation order.
// Usage: node prisma/seed/weekly-challenges-to-sql.mjs > prisma/migrations/<new folder>/migration.sql
import { readFileSync } from 'node:fs';

const q = (s) => `'${s.replace(/'/g, "''")}'`;
const rows = JSON.parse(readFileSync(new URL('./weekly-challenges.json', import.meta.url), 'utf8'));
const values = rows.map((c, i) => {
  if (!c.challenge.includes('- Instead of'))
    throw new Error(`${c.title}: the challenge text needs its "- Instead of" part`);
  const id = `md5('vere-weekly-challenge-${i + 1}')::uuid`;
  return `  (${id}, ${i + 1}, ${[c.title, c.category, c.preview, c.why, c.insight, c.challenge, c.reflection].map(q).join(', ')})`;
});
process.stdout.write(`-- The seeded weekly challenge catalogue (${rows.length} challenges, half a year), written from
-- prisma/seed/weekly-challenges.json by prisma/seed/weekly-challenges-to-sql.mjs. ON CONFLICT: a
-- challenge edited or retired by an admin stays as they left it.
INSERT INTO "challenge" ("id", "sequence", "title", "category", "preview", "why", "insight", "challenge", "reflection") VALUES
${values.join(',\n')}
ON CONFLICT ("id") DO NOTHING;
-- Challenges added later by an admin continue the rotation order after the seeded ones.
SELECT setval(pg_get_serial_sequence('"challenge"', 'sequence'), (SELECT max("sequence") FROM "challenge"));
`);
