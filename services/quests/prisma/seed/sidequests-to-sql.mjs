// Writes the catalogue migration from sidequests.tsv (type, title, description, duration, xp,
// category). Ids are derived from the row number, so a regenerated file names the same sidequests:
// new cards are appended, never inserted above others. created_at falls by a minute per row, so
// "newest first" lists the file from top to bottom. test/catalogue.test.ts checks the file (schema,
// lengths, XP ranges, duplicates, categories, counts).
// Usage: node prisma/seed/sidequests-to-sql.mjs [--after N] > prisma/migrations/<new folder>/migration.sql
// With --after N (the rows an earlier migration inserted), the first N cards only get their category
// (where missing) and the rest are inserted: a card an operator removed does not come back.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const after = Number(parseArgs({ options: { after: { type: 'string', default: '0' } } }).values.after);

const palettes = [
  ['#FF6B6B', '#FFD93D', null],
  ['#6BCB77', '#4D96FF', null],
  ['#845EC2', '#D65DB1', '#FF9671'],
  ['#00C9A7', '#845EC2', null],
  ['#F9F871', '#FF9671', null],
  ['#4D96FF', '#6BCB77', '#FFD93D'],
  ['#FF9671', '#FFC75F', null],
  ['#2C73D2', '#0081CF', '#00C9A7'],
  ['#D65DB1', '#FF6F91', null],
  ['#FF6F91', '#FFC75F', '#F9F871'],
  ['#008E9B', '#00C9A7', null],
  ['#B39CD0', '#FBEAFF', null],
];
const q = (s) => (s === null ? 'NULL' : `'${s.replace(/'/g, "''")}'`);
const rows = readFileSync(new URL('./sidequests.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((l) => l.split('\t'));
const row = ([type, title, description, duration, xp, category], i) => {
  const [c1, c2, c3] = palettes[i % palettes.length];
  const id = `md5('vere-sidequest-${i + 1}')::uuid`;
  const createdAt = `TIMESTAMPTZ '2026-11-23 00:00:00+00' - interval '${i} minutes'`;
  return `  (${id}, ${q(type)}, ${q(category)}, ${q(title)}, ${q(description)}, ${q(duration)}, ${Number(xp)}, ${q(c1)}, ${q(c2)}, ${q(c3)}, ${createdAt})`;
};
const categories = rows
  .slice(0, after)
  .map(([, , , , , category], i) => `  (md5('vere-sidequest-${i + 1}')::uuid, ${q(category)})`);
const inserted = rows.map(row).slice(after);
const out = [
  `-- The seeded sidequest catalogue (${rows.length} cards${after ? `, ${inserted.length} of them new` : ''}), written from
-- prisma/seed/sidequests.tsv by prisma/seed/sidequests-to-sql.mjs${after ? ` --after ${after}` : ''}. ON CONFLICT: a card
-- edited by an operator stays as they left it.`,
];
if (after)
  out.push(`-- The ${after} cards of the earlier catalogue migration get their category (unless an operator set one).
UPDATE "sidequest" SET "category" = v."category"
FROM (VALUES
${categories.join(',\n')}
) AS v("id", "category")
WHERE "sidequest"."id" = v."id" AND "sidequest"."category" IS NULL;`);
out.push(`INSERT INTO "sidequest" ("id", "type", "category", "title", "description", "duration", "xp", "bg_color", "bg_color2", "bg_color3", "created_at") VALUES
${inserted.join(',\n')}
ON CONFLICT ("id") DO NOTHING;`);
process.stdout.write(`${out.join('\n')}\n`);
