// The playbooks' content (issue 23, decision 0040): every file validates, the catalogue has a
// playbook open from level 1 and one per unlock level, each within the shape, and no text is used twice.
import { PLAYBOOK_LEVELS, PLAYBOOK_SHAPE, wordCount } from '@vere/domain';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  contentProblems,
  createPlaybookCatalogue,
  loadPlaybookDefinitions,
  PlaybookDefinitionSchema,
  type PlaybookDefinition,
} from '../src/playbook-catalogue';

const definitions = loadPlaybookDefinitions();
const published = createPlaybookCatalogue(definitions).published;

/** Every text a player reads in a step, with where it is. */
function texts(def: PlaybookDefinition): { where: string; text: string }[] {
  return def.weeks.flatMap((w, i) =>
    w.steps.flatMap((s) => {
      const at = `${def.id} week ${i + 1} ${s.id}`;
      const own = [{ where: `${at} title`, text: s.title }];
      if (s.kind === 'quiz')
        return [
          ...own,
          ...s.questions.flatMap((q, n) => [
            { where: `${at} question ${n + 1}`, text: q.prompt },
            { where: `${at} explanation ${n + 1}`, text: q.explanation },
          ]),
        ];
      if (s.kind === 'insight')
        return [...own, { where: `${at} body`, text: s.body }, { where: `${at} takeaway`, text: s.takeaway }];
      return [...own, { where: `${at} body`, text: s.body }];
    }),
  );
}

describe('playbook content', () => {
  it('every file validates against the schema and has no problems', () => {
    expect(definitions.length).toBeGreaterThanOrEqual(8);
    for (const def of definitions) {
      expect(Value.Check(PlaybookDefinitionSchema, def), def.id).toBe(true);
      expect(contentProblems(def), def.id).toEqual([]);
    }
  });

  it('has one playbook open from level 1 and one for each unlock level', () => {
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(published.filter((p) => p.unlockLevel === 1)).toHaveLength(1);
    for (const level of PLAYBOOK_LEVELS)
      expect(
        published.filter((p) => p.unlockLevel === level),
        `level ${level}`,
      ).toHaveLength(1);
  });

  it('each playbook has 4–6 weeks of 3–5 steps, insights of 150–400 words and every kind of step', () => {
    for (const def of published) {
      expect(def.weeks.length).toBeGreaterThanOrEqual(PLAYBOOK_SHAPE.weeks.min);
      expect(def.weeks.length).toBeLessThanOrEqual(PLAYBOOK_SHAPE.weeks.max);
      for (const week of def.weeks) {
        expect(week.steps.length).toBeGreaterThanOrEqual(PLAYBOOK_SHAPE.stepsPerWeek.min);
        expect(week.steps.length).toBeLessThanOrEqual(PLAYBOOK_SHAPE.stepsPerWeek.max);
        for (const step of week.steps) {
          if (step.kind !== 'insight') continue;
          expect(wordCount(step.body), step.id).toBeGreaterThanOrEqual(PLAYBOOK_SHAPE.insightWords.min);
          expect(wordCount(step.body), step.id).toBeLessThanOrEqual(PLAYBOOK_SHAPE.insightWords.max);
        }
      }
      const kinds = new Set(def.weeks.flatMap((w) => w.steps.map((s) => s.kind)));
      expect([...kinds].sort(), def.id).toEqual(['challenge', 'insight', 'quiz', 'reflection']);
    }
  });

  it('every quiz has 2–5 questions whose answer is one of its choices, each explained', () => {
    for (const def of published)
      for (const step of def.weeks.flatMap((w) => w.steps)) {
        if (step.kind !== 'quiz') continue;
        expect(step.questions.length).toBeGreaterThanOrEqual(2);
        expect(step.questions.length).toBeLessThanOrEqual(5);
        for (const q of step.questions) {
          expect(q.answer).toBeLessThan(q.choices.length);
          expect(q.explanation.length).toBeGreaterThan(20);
        }
      }
  });

  it('no two steps share a text, and step ids are unique across playbooks', () => {
    const seen = new Map<string, string>();
    for (const def of published)
      for (const { where, text } of texts(def)) {
        const key = text.trim().toLowerCase();
        expect(seen.get(key), `${where} repeats ${seen.get(key)}`).toBeUndefined();
        seen.set(key, where);
      }
    const ids = published.flatMap((d) => d.weeks.flatMap((w) => w.steps.map((s) => s.id)));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses a file that breaks the rules (a wrong answer index, a short insight, a repeated id)', () => {
    const base = structuredClone(published[0]!);
    const quiz = base.weeks[0]!.steps.find((s) => s.kind === 'quiz')!;
    if (quiz.kind === 'quiz') quiz.questions[0]!.answer = 7;
    const insight = base.weeks[0]!.steps.find((s) => s.kind === 'insight')!;
    if (insight.kind === 'insight') insight.body = 'Too short to teach anything.';
    base.weeks[1]!.steps[0]!.id = base.weeks[0]!.steps[0]!.id;
    const problems = contentProblems(base).join('\n');
    expect(problems).toMatch(/no such answer/);
    expect(problems).toMatch(/5 words/);
    expect(problems).toMatch(/used twice/);
  });
});
