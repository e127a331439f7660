// The content files (prisma/seed/): every sidequest and weekly challenge checked against the rules the
// cards and pages are built for, the migrations they were turned into, and the weekly rotation over a
// year (issue 22: a catalogue worth a year).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ChallengeCategorySchema, SidequestCategorySchema } from '@vere/contracts';
import {
  SIDEQUEST_CATEGORIES,
  SIDEQUEST_DESCRIPTION_MAX,
  SIDEQUEST_DESCRIPTION_MIN,
  SIDEQUEST_DURATION_MAX,
  SIDEQUEST_TITLE_MAX,
  SIDEQUEST_XP,
} from '@vere/domain';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, startQuests, type QuestsHarness } from './helper';

const seed = (file: string) => new URL(`../prisma/seed/${file}`, import.meta.url);
const migration = (folder: string) =>
  readFileSync(new URL(`../prisma/migrations/${folder}/migration.sql`, import.meta.url), 'utf8');

/** One line of text, trimmed, no doubled spaces. */
const Line = (minLength: number, maxLength: number) =>
  Type.String({ minLength, maxLength, pattern: '^\\S(?:[^\\t\\n\\r]*\\S)?$' });

const Duration = Type.String({
  maxLength: SIDEQUEST_DURATION_MAX,
  pattern: '^(?:\\d+(?:-\\d+)? (?:min|hours?)|All day|Overnight)$',
});
const SidequestRowSchema = Type.Object({
  type: Type.Union([Type.Literal('daily'), Type.Literal('weekend')]),
  title: Line(3, SIDEQUEST_TITLE_MAX),
  description: Line(SIDEQUEST_DESCRIPTION_MIN, SIDEQUEST_DESCRIPTION_MAX),
  duration: Duration,
  xp: Type.Integer(),
  category: SidequestCategorySchema,
});
type SidequestRow = Static<typeof SidequestRowSchema>;

const WeeklyChallengeFileSchema = Type.Object(
  {
    title: Line(3, 40),
    category: ChallengeCategorySchema,
    preview: Line(20, 100),
    why: Line(40, 300),
    insight: Line(40, 300),
    challenge: Type.String({ minLength: 80, maxLength: 600 }),
    reflection: Line(20, 200),
  },
  { additionalProperties: false },
);
type WeeklyChallengeFile = Static<typeof WeeklyChallengeFileSchema>;

const sidequests: SidequestRow[] = readFileSync(seed('sidequests.tsv'), 'utf8')
  .trimEnd()
  .split('\n')
  .map((line) => {
    const [type, title, description, duration, xp, category, ...rest] = line.split('\t');
    expect(rest, line).toEqual([]);
    return { type, title, description, duration, xp: Number(xp), category } as SidequestRow;
  });
const weekly: WeeklyChallengeFile[] = JSON.parse(readFileSync(seed('weekly-challenges.json'), 'utf8'));

const problems = (schema: TSchema, value: unknown) =>
  [...Value.Errors(schema, value)].map((e) => `${e.instancePath} ${e.message}`);
const duplicates = (values: string[]) =>
  values.filter((v, i) => values.findIndex((w) => w.toLowerCase() === v.toLowerCase()) !== i);

describe('the sidequest file (prisma/seed/sidequests.tsv)', () => {
  it('has at least 200 daily and 60 weekend cards', () => {
    expect(sidequests.filter((s) => s.type === 'daily').length).toBeGreaterThanOrEqual(200);
    expect(sidequests.filter((s) => s.type === 'weekend').length).toBeGreaterThanOrEqual(60);
  });

  it('keeps every card within the lengths the card shows, its durations and its XP range', () => {
    const bad = sidequests.flatMap((s) => {
      const found = problems(SidequestRowSchema, s);
      const { min, max } = SIDEQUEST_XP[s.type];
      if (!(s.xp >= min && s.xp <= max)) found.push(`xp ${s.xp} outside ${min}–${max}`);
      if (s.xp % 5 !== 0) found.push(`xp ${s.xp} not a multiple of 5`);
      // Daily cards take minutes, weekend ones hours (or all day).
      if (s.duration !== 'All day' && (s.type === 'daily') !== s.duration.endsWith(' min'))
        found.push(`duration ${s.duration} does not suit a ${s.type} card`);
      return found.map((p) => `${s.title}: ${p}`);
    });
    expect(bad).toEqual([]);
  });

  it('repeats no title and no description', () => {
    expect(duplicates(sidequests.map((s) => s.title))).toEqual([]);
    expect(duplicates(sidequests.map((s) => s.description))).toEqual([]);
  });

  it('uses every category, each on at least 20 daily and 3 weekend cards', () => {
    for (const category of SIDEQUEST_CATEGORIES) {
      expect(
        sidequests.filter((s) => s.type === 'daily' && s.category === category).length,
        category,
      ).toBeGreaterThanOrEqual(20);
      expect(
        sidequests.filter((s) => s.type === 'weekend' && s.category === category).length,
        category,
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('varies how the cards open: no two-word opening starts more than 10 of them', () => {
    const openings = new Map<string, number>();
    for (const s of sidequests) {
      const key = s.description.split(' ').slice(0, 2).join(' ').toLowerCase();
      openings.set(key, (openings.get(key) ?? 0) + 1);
    }
    expect([...openings].filter(([, n]) => n > 10)).toEqual([]);
  });

  it('is what the catalogue migration was written from (regenerate it with the script after an edit)', () => {
    const script = new URL('../prisma/seed/sidequests-to-sql.mjs', import.meta.url).pathname;
    expect(execFileSync(process.execPath, [script, '--after', '90'], { encoding: 'utf8' })).toBe(
      migration('20261127010100_sidequest_catalogue_year'),
    );
  });
});

describe('the weekly challenge file (prisma/seed/weekly-challenges.json)', () => {
  it('has 52 challenges, a year without a repeat, in all three categories', () => {
    expect(weekly.length).toBeGreaterThanOrEqual(52);
    expect(new Set(weekly.map((c) => c.category))).toEqual(new Set(['Exploration', 'Connection', 'Mindfulness']));
    for (const category of ['Exploration', 'Connection', 'Mindfulness'])
      expect(weekly.filter((c) => c.category === category).length, category).toBeGreaterThanOrEqual(15);
  });

  it('keeps every page within its length, with the challenge split once at "- Instead of"', () => {
    const bad = weekly.flatMap((c) => {
      const found = problems(WeeklyChallengeFileSchema, c);
      const parts = c.challenge.split('\n- Instead of ');
      if (parts.length !== 2 || parts.some((p) => p.trim().length < 20 || p.includes('\n')))
        found.push('challenge is not "<part 1>\\n- Instead of <part 2>"');
      return found.map((p) => `${c.title}: ${p}`);
    });
    expect(bad).toEqual([]);
  });

  it('repeats no title, preview or challenge', () => {
    expect(duplicates(weekly.map((c) => c.title))).toEqual([]);
    expect(duplicates(weekly.map((c) => c.preview))).toEqual([]);
    expect(duplicates(weekly.map((c) => c.challenge))).toEqual([]);
  });

  it('is what the catalogue migrations were written from', () => {
    const script = new URL('../prisma/seed/weekly-challenges-to-sql.mjs', import.meta.url).pathname;
    expect(execFileSync(process.execPath, [script, '--after', '26'], { encoding: 'utf8' })).toBe(
      migration('20261127010300_weekly_catalogue_year'),
    );
  });
});

describe('the catalogue in the database', () => {
  let h: QuestsHarness;
  beforeAll(async () => {
    h = await startQuests();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('holds every card of the file, by id, with its category and colours', async () => {
    const { rows } = await h.sql.query<{ id: string; type: string; title: string; category: string; bg_color: string }>(
      `SELECT id, type, title, category, bg_color FROM quests.sidequest WHERE pack_id IS NULL`,
    );
    expect(rows).toHaveLength(sidequests.length);
    const byTitle = new Map(rows.map((r) => [r.title, r]));
    for (const s of sidequests) {
      expect(byTitle.get(s.title), s.title).toMatchObject({
        type: s.type,
        category: s.category,
        bg_color: expect.stringMatching(/^#[0-9A-F]{6}$/),
      });
    }
  });

  it('rotates through 52 different weekly challenges in 52 weeks, in file order, then starts over', async () => {
    const token = h.issuer.sign(randomUUID(), { role: 'admin' });
    const admin = (method: 'POST', url: string, payload: Record<string, unknown>) =>
      h.quests.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    expect(await count(h, 'SELECT count(*) FROM quests.challenge WHERE is_active', [])).toBe(weekly.length);
    const titles: string[] = [];
    for (let week = 0; week < 53; week += 1) {
      const res = await admin('POST', '/api/quests/admin/rotations', { targetWeekNumber: 6000 + week });
      expect(res.statusCode).toBe(201);
      titles.push(res.json().title);
    }
    const year = titles.slice(0, 52);
    expect(new Set(year).size).toBe(52);
    expect(year).toEqual(weekly.slice(0, 52).map((c) => c.title));
    expect(titles[52]).toBe(weekly.length === 52 ? weekly[0]!.title : weekly[52]!.title);
  });
});
