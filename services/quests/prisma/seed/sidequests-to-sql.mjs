// Writes the catalogue migration from sidequests.tsv (type, title, description, duration, xp).
// Ids are derived from the row number, so a regenerated file names the same sidequests; created_at
// falls by a minute per row, so "newest first" lists the file from top to bottom.
// Usage: node prisma/seed/sidequests-to-sql.mjs > prisma/migrations/<new folder>/migration.sql
import { readFileSync } from 'node:fs';

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
const values = rows.map(([type, title, description, duration, xp], i) => {
  const [c1, c2, c3] = palettes[i % palettes.length];
  const id = `md5('vere-sidequest-${i + 1}')::uuid`;
  const createdAt = `TIMESTAMPTZ '2026-11-23 00:00:00+00' - interval '${i} minutes'`;
  return `  (${id}, ${q(type)}, ${q(title)}, ${q(description)}, ${q(duration)}, ${Number(xp)}, ${q(c1)}, ${q(c2)}, ${q(c3)}, ${createdAt})`;
});
process.stdout
  .write(`-- The seeded sidequest catalogue (${rows.length} cards), written from prisma/seed/sidequests.tsv by
-- prisma/seed/sidequests-to-sql.mjs. ON CONFLICT: a card edited or removed by an operator stays as they left it.
INSERT INTO "sidequest" ("id", "type", "title", "description", "duration", "xp", "bg_color", "bg_color2", "bg_color3", "created_at") VALUES
${values.join(',\n')}
ON CONFLICT ("id") DO NOTHING;
`);
