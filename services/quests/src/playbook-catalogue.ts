// The playbooks' content (issue 23, decision 0040): one reviewed JSON file per published version,
// `content/playbooks/<id>.v<version>.json`, read once at start and checked against the schema below.
// Every version stays in the catalogue so that a player's progress can stay on the version they
// started; the newest version of each playbook is the one a new player starts.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PLAYBOOK_SHAPE, PLAYBOOK_XP, quizXp, wordCount, type PlaybookStepKind } from '@vere/domain';
import { PlaybookIconSchema } from '@vere/contracts';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

const Slug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' });
const Prose = Type.String({ minLength: 1 });

const InsightStep = Type.Object(
  { id: Slug, kind: Type.Literal('insight'), title: Prose, body: Prose, takeaway: Prose },
  { additionalProperties: false },
);
const QuizStep = Type.Object(
  {
    id: Slug,
    kind: Type.Literal('quiz'),
    title: Prose,
    questions: Type.Array(
      Type.Object(
        {
          prompt: Prose,
          choices: Type.Array(Prose, { minItems: PLAYBOOK_SHAPE.choices.min, maxItems: PLAYBOOK_SHAPE.choices.max }),
          answer: Type.Integer({ minimum: 0 }),
          explanation: Prose,
        },
        { additionalProperties: false },
      ),
      { minItems: PLAYBOOK_SHAPE.quizQuestions.min, maxItems: PLAYBOOK_SHAPE.quizQuestions.max },
    ),
  },
  { additionalProperties: false },
);
const ChallengeStep = Type.Object(
  {
    id: Slug,
    kind: Type.Literal('challenge'),
    title: Prose,
    body: Prose,
    proofType: Type.Union([Type.Literal('text'), Type.Literal('photo'), Type.Literal('both')]),
    xp: Type.Integer({ minimum: PLAYBOOK_SHAPE.challengeXp.min, maximum: PLAYBOOK_SHAPE.challengeXp.max }),
  },
  { additionalProperties: false },
);
const ReflectionStep = Type.Object(
  { id: Slug, kind: Type.Literal('reflection'), title: Prose, body: Prose },
  { additionalProperties: false },
);

/** One playbook version as its content file holds it. */
export const PlaybookDefinitionSchema = Type.Object(
  {
    id: Slug,
    version: Type.Integer({ minimum: 1 }),
    unlockLevel: Type.Integer({ minimum: 1 }),
    title: Prose,
    promise: Prose,
    description: Prose,
    cover: Type.Object({ icon: PlaybookIconSchema, color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }) }),
    weeks: Type.Array(
      Type.Object(
        {
          title: Prose,
          steps: Type.Array(Type.Union([InsightStep, QuizStep, ChallengeStep, ReflectionStep]), {
            minItems: PLAYBOOK_SHAPE.stepsPerWeek.min,
            maxItems: PLAYBOOK_SHAPE.stepsPerWeek.max,
          }),
        },
        { additionalProperties: false },
      ),
      { minItems: PLAYBOOK_SHAPE.weeks.min, maxItems: PLAYBOOK_SHAPE.weeks.max },
    ),
  },
  { additionalProperties: false },
);
export type PlaybookDefinition = Static<typeof PlaybookDefinitionSchema>;
export type PlaybookStepDefinition = PlaybookDefinition['weeks'][number]['steps'][number];

/** The most XP a step can give. */
export function stepMaxXp(step: PlaybookStepDefinition): number {
  switch (step.kind) {
    case 'insight':
      return PLAYBOOK_XP.insight;
    case 'reflection':
      return PLAYBOOK_XP.reflection;
    case 'quiz':
      return quizXp(step.questions.length, step.questions.length);
    case 'challenge':
      return step.xp;
  }
}

/** What is wrong with one definition beyond its schema (word counts, answers, duplicate ids); empty when nothing. */
export function contentProblems(def: PlaybookDefinition): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const [w, week] of def.weeks.entries()) {
    for (const step of week.steps) {
      const where = `${def.id} v${def.version} week ${w + 1} ${step.id}`;
      if (ids.has(step.id)) problems.push(`${where}: the step id is used twice`);
      ids.add(step.id);
      if (step.kind === 'insight') {
        const words = wordCount(step.body);
        if (words < PLAYBOOK_SHAPE.insightWords.min || words > PLAYBOOK_SHAPE.insightWords.max)
          problems.push(
            `${where}: ${words} words (insights are ${PLAYBOOK_SHAPE.insightWords.min}–${PLAYBOOK_SHAPE.insightWords.max})`,
          );
      }
      if (step.kind === 'quiz') {
        for (const [q, question] of step.questions.entries()) {
          if (question.answer >= question.choices.length) problems.push(`${where} question ${q + 1}: no such answer`);
          if (new Set(question.choices).size !== question.choices.length)
            problems.push(`${where} question ${q + 1}: two choices are the same`);
        }
      }
    }
  }
  return problems;
}

export interface PlaybookCatalogue {
  /** The newest version of every playbook, by unlock level then title. */
  published: PlaybookDefinition[];
  /** One version of a playbook, or undefined. */
  version(id: string, version: number): PlaybookDefinition | undefined;
  /** The newest version of a playbook, or undefined. */
  latest(id: string): PlaybookDefinition | undefined;
}

export function createPlaybookCatalogue(definitions: PlaybookDefinition[]): PlaybookCatalogue {
  const byKey = new Map(definitions.map((d) => [`${d.id}@${d.version}`, d]));
  const latest = new Map<string, PlaybookDefinition>();
  for (const d of definitions) if ((latest.get(d.id)?.version ?? 0) < d.version) latest.set(d.id, d);
  const published = [...latest.values()].sort(
    (a, b) => a.unlockLevel - b.unlockLevel || a.title.localeCompare(b.title),
  );
  return {
    published,
    version: (id, version) => byKey.get(`${id}@${version}`),
    latest: (id) => latest.get(id),
  };
}

/** quests' content/playbooks folder, found through the package (the same from src, dist and a bundle). */
export function playbooksDir(): string {
  return join(
    dirname(createRequire(import.meta.url).resolve('@vere/quests-service/package.json')),
    'content',
    'playbooks',
  );
}

/** Reads and checks every content file; throws on the first that does not validate (a bad file never ships). */
export function loadPlaybookDefinitions(dir = playbooksDir()): PlaybookDefinition[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((file) => {
    const data: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (!Value.Check(PlaybookDefinitionSchema, data)) {
      const first = [...Value.Errors(PlaybookDefinitionSchema, data)][0];
      throw new Error(`${file}: ${first?.message ?? 'invalid'} at ${first?.instancePath ?? '?'}`);
    }
    const problems = contentProblems(data);
    if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
    if (file !== `${data.id}.v${data.version}.json`)
      throw new Error(`${file}: should be named ${data.id}.v${data.version}.json`);
    return data;
  });
}

export type { PlaybookStepKind };
