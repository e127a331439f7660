// Writes the weekly challenge catalogue migration from weekly-challenges.json. Ids are derived from
// the position, so a regenerated file names the same challenges; the position is the rotation order.
// Usage: node prisma/seed/weekly-challenges-to-sql.mjs [--after N] > prisma/migrations/<new folder>/migration.sql
// With --after N (the challenges an earlier migration inserted), only the ones after them are
// written, and they take the next rotation places after every challenge already there (an admin's
// included); one an admin retired or edited stays as they left it. 52 challenges make a year
// without a repeat (test/catalogue.test.ts checks the file and the rotation).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const after = Number(parseArgs({ options: { after: { type: 'string', default: '0' } } }).values.after);

const q = (s) => `'${s.replace(/'/g, "''")}'`;
const rows = JSON.parse(readFileSync(new URL('./weekly-challenges.json', import.meta.url), 'utf8'));
const values = rows
  .map((c, i) => ({ c, i }))
  .slice(after)
  .map(({ c, i }) => {
    if (!c.challenge.includes('- Instead of'))
      throw new Error(`${c.title}: the challenge text needs its "- Instead of" part`);
    const id = `md5('vere-weekly-challenge-${i + 1}')::uuid`;
    // The first catalogue names its rotation places; later ones take the next free ones, in file order.
    const place = after ? '' : `${i + 1}, `;
    return `  (${id}, ${place}${[c.title, c.category, c.preview, c.why, c.insight, c.challenge, c.reflection].map(q).join(', ')})`;
  });
const columns = after
  ? '"id", "title", "category", "preview", "why", "insight", "challenge", "reflection"'
  : '"id", "sequence", "title", "category", "preview", "why", "insight", "challenge", "reflection"';
process.stdout
  .write(`-- The seeded weekly challenge catalogue (${rows.length} challenges${after ? `: the ${values.length} after the first ${after}` : ''}), written from
-- prisma/seed/weekly-challenges.json by prisma/seed/weekly-challenges-to-sql.mjs${after ? ` --after ${after}` : ''}. ON CONFLICT: a
-- challenge edited or retired by an admin stays as they left it.${after ? '\n-- Rotation places continue the sequence, after any challenge an admin added.' : ''}
INSERT INTO "challenge" (${columns}) VALUES
${values.join(',\n')}
ON CONFLICT ("id") DO NOTHING;
-- Challenges added later by an admin continue the rotation order after the seeded ones.
SELECT setval(pg_get_serial_sequence('"challenge"', 'sequence'), (SELECT max("sequence") FROM "challenge"));
`);
