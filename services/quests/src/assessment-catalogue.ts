// The assessments' content (issue 24, decisions 0040 and 0049): one reviewed JSON file per published
// version, `content/assessments/<id>.v<version>.json`, read once at start and checked against the
// schema below and against the shared ids and dimension keys of @vere/domain. A take stores the
// version it was answered on, so every version stays in the catalogue.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ASSESSMENT_DIMENSIONS, isAssessmentId, RATEABLE_ASSESSMENTS, type AssessmentId } from '@vere/domain';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

const Slug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' });
const Prose = Type.String({ minLength: 1 });
/** An item is one short statement; the screen shows one at a time. */
const Statement = Type.String({ minLength: 3, maxLength: 120 });

/** The numbers every assessment respects. */
export const ASSESSMENT_SHAPE = {
  /** Items per dimension: enough for a stable mean, few enough for a phone. */
  itemsPerDimension: { min: 6, max: 10 },
  /** Every dimension has at least this many reverse-keyed items (guards against yes-saying). */
  reverseKeyedPerDimension: 2,
  minutes: { min: 1, max: 15 },
  readingWords: { min: 20, max: 80 },
} as const;

const Reading = Prose;

/** One assessment version as its content file holds it. */
export const AssessmentDefinitionSchema = Type.Object(
  {
    id: Slug,
    version: Type.Integer({ minimum: 1 }),
    /** Where the items come from (the IPIP's public-domain statement, or "original"). */
    source: Prose,
    title: Prose,
    summary: Prose,
    description: Prose,
    minutes: Type.Integer({ minimum: ASSESSMENT_SHAPE.minutes.min, maximum: ASSESSMENT_SHAPE.minutes.max }),
    dimensions: Type.Array(
      Type.Object(
        {
          key: Slug,
          name: Prose,
          description: Prose,
          bands: Type.Object({ low: Reading, middle: Reading, high: Reading }, { additionalProperties: false }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    items: Type.Array(
      Type.Object(
        {
          id: Slug,
          dimension: Slug,
          key: Type.Union([Type.Literal('+'), Type.Literal('-')]),
          /** The statement as the player reads it about themselves. */
          text: Statement,
          /** The same statement about someone else, for a friend's rating (rateable assessments). */
          about: Type.Optional(Statement),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false },
);
export type AssessmentDefinition = Static<typeof AssessmentDefinitionSchema> & { id: AssessmentId };
export type AssessmentItemDefinition = AssessmentDefinition['items'][number];

const words = (s: string) => s.trim().split(/\s+/).length;

/** What is wrong with one definition beyond its schema; empty when nothing. */
export function assessmentProblems(def: Static<typeof AssessmentDefinitionSchema>): string[] {
  const at = `${def.id} v${def.version}`;
  if (!isAssessmentId(def.id)) return [`${at}: not one of the shared assessment ids (@vere/domain)`];
  const problems: string[] = [];
  const expected: readonly string[] = ASSESSMENT_DIMENSIONS[def.id];
  const keys = def.dimensions.map((d) => d.key);
  if (keys.join() !== expected.join())
    problems.push(`${at}: dimensions are ${keys.join(', ')}, the shared keys are ${expected.join(', ')}`);
  for (const d of def.dimensions) {
    const items = def.items.filter((i) => i.dimension === d.key);
    const { min, max } = ASSESSMENT_SHAPE.itemsPerDimension;
    if (items.length < min || items.length > max)
      problems.push(`${at} ${d.key}: ${items.length} items (each dimension has ${min}–${max})`);
    if (items.filter((i) => i.key === '-').length < ASSESSMENT_SHAPE.reverseKeyedPerDimension)
      problems.push(`${at} ${d.key}: fewer than ${ASSESSMENT_SHAPE.reverseKeyedPerDimension} reverse-keyed items`);
    for (const [band, reading] of Object.entries(d.bands)) {
      const n = words(reading);
      if (n < ASSESSMENT_SHAPE.readingWords.min || n > ASSESSMENT_SHAPE.readingWords.max)
        problems.push(
          `${at} ${d.key} ${band}: ${n} words (a reading is ${ASSESSMENT_SHAPE.readingWords.min}–${ASSESSMENT_SHAPE.readingWords.max})`,
        );
    }
  }
  const ids = new Set<string>();
  const texts = new Set<string>();
  const rateable = RATEABLE_ASSESSMENTS.includes(def.id);
  for (const item of def.items) {
    if (ids.has(item.id)) problems.push(`${at} ${item.id}: the item id is used twice`);
    ids.add(item.id);
    const text = item.text.toLowerCase();
    if (texts.has(text)) problems.push(`${at} ${item.id}: the text is used twice`);
    texts.add(text);
    if (!expected.includes(item.dimension)) problems.push(`${at} ${item.id}: unknown dimension ${item.dimension}`);
    if (rateable && !item.about) problems.push(`${at} ${item.id}: a rateable assessment needs "about" on every item`);
  }
  return problems;
}

export interface AssessmentCatalogue {
  /** The newest version of every assessment, in the order of @vere/domain's ids. */
  published: AssessmentDefinition[];
  version(id: string, version: number): AssessmentDefinition | undefined;
  latest(id: string): AssessmentDefinition | undefined;
}

export function createAssessmentCatalogue(definitions: AssessmentDefinition[]): AssessmentCatalogue {
  const byKey = new Map(definitions.map((d) => [`${d.id}@${d.version}`, d]));
  const latest = new Map<string, AssessmentDefinition>();
  for (const d of definitions) if ((latest.get(d.id)?.version ?? 0) < d.version) latest.set(d.id, d);
  const order = Object.keys(ASSESSMENT_DIMENSIONS);
  const published = [...latest.values()].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  return {
    published,
    version: (id, version) => byKey.get(`${id}@${version}`),
    latest: (id) => latest.get(id),
  };
}

/** quests' content/assessments folder, found through the package (the same from src, dist and a bundle). */
export function assessmentsDir(): string {
  return join(
    dirname(createRequire(import.meta.url).resolve('@vere/quests-service/package.json')),
    'content',
    'assessments',
  );
}

/** Reads and checks every content file; throws on the first that does not validate (a bad file never ships). */
export function loadAssessmentDefinitions(dir = assessmentsDir()): AssessmentDefinition[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((file) => {
    const data: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (!Value.Check(AssessmentDefinitionSchema, data)) {
      const first = [...Value.Errors(AssessmentDefinitionSchema, data)][0];
      throw new Error(`${file}: ${first?.message ?? 'invalid'} at ${first?.instancePath ?? '?'}`);
    }
    const problems = assessmentProblems(data);
    if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
    if (file !== `${data.id}.v${data.version}.json`)
      throw new Error(`${file}: should be named ${data.id}.v${data.version}.json`);
    return data as AssessmentDefinition;
  });
}
