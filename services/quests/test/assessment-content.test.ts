// The assessments' content (issue 24, decision 0049): every file validates, the catalogue holds the
// five shared assessments with exactly the shared dimension keys, each dimension has enough items and
// reverse-keyed ones, every band has a reading, the IPIP file says where its items come from, and no
// item text is used twice anywhere.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASSESSMENT_DIMENSIONS, ASSESSMENT_IDS, PRO_ASSESSMENTS, RATEABLE_ASSESSMENTS } from '@vere/domain';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_SHAPE,
  AssessmentDefinitionSchema,
  assessmentProblems,
  createAssessmentCatalogue,
  loadAssessmentDefinitions,
} from '../src/assessment-catalogue';

const definitions = loadAssessmentDefinitions();
const published = createAssessmentCatalogue(definitions).published;

describe('assessment content', () => {
  it('every file validates against the schema and has no problems', () => {
    for (const def of definitions) {
      expect(Value.Check(AssessmentDefinitionSchema, def), def.id).toBe(true);
      expect(assessmentProblems(def), def.id).toEqual([]);
    }
  });

  it('publishes exactly the five shared assessments, two of them Pro-only, with the shared dimension keys', () => {
    expect(published.map((d) => d.id)).toEqual(ASSESSMENT_IDS);
    expect(ASSESSMENT_IDS).toHaveLength(5);
    expect(PRO_ASSESSMENTS).toHaveLength(2);
    for (const def of published) expect(def.dimensions.map((d) => d.key)).toEqual([...ASSESSMENT_DIMENSIONS[def.id]]);
  });

  it('the Big Five is the 50-item IPIP set: 10 items per factor, reverse keys as published, public domain said', () => {
    const bigFive = published.find((d) => d.id === 'big-five')!;
    expect(bigFive.items).toHaveLength(50);
    expect(bigFive.source).toMatch(/IPIP|International Personality Item Pool/);
    expect(bigFive.source).toMatch(/public domain/i);
    const reversed = (dim: string) => bigFive.items.filter((i) => i.dimension === dim && i.key === '-').length;
    // Goldberg's markers: E 5 of 10 reversed, A 4, C 4, emotional stability 8, intellect 3.
    expect(ASSESSMENT_DIMENSIONS['big-five'].map(reversed)).toEqual([5, 4, 4, 8, 3]);
    expect(bigFive.items.find((i) => i.text === 'Am the life of the party.')).toMatchObject({
      dimension: 'extraversion',
      key: '+',
    });
    expect(bigFive.items.find((i) => i.text === 'Get stressed out easily.')).toMatchObject({
      dimension: 'emotional-stability',
      key: '-',
    });
  });

  it('each dimension has 6–10 items, at least 2 reverse-keyed, and a reading for low, middle and high', () => {
    for (const def of published)
      for (const d of def.dimensions) {
        const items = def.items.filter((i) => i.dimension === d.key);
        expect(items.length, `${def.id} ${d.key}`).toBeGreaterThanOrEqual(ASSESSMENT_SHAPE.itemsPerDimension.min);
        expect(items.length, `${def.id} ${d.key}`).toBeLessThanOrEqual(ASSESSMENT_SHAPE.itemsPerDimension.max);
        expect(items.filter((i) => i.key === '-').length).toBeGreaterThanOrEqual(2);
        expect(new Set([d.bands.low, d.bands.middle, d.bands.high]).size).toBe(3);
      }
  });

  it('original assessments say they are original; rateable ones phrase every item about a friend', () => {
    for (const def of published.filter((d) => d.id !== 'big-five')) expect(def.source).toMatch(/original/i);
    for (const def of published.filter((d) => RATEABLE_ASSESSMENTS.includes(d.id)))
      for (const item of def.items) expect(item.about, item.id).toBeTruthy();
  });

  it('no text is used twice across every assessment (items, readings, descriptions)', () => {
    const seen = new Map<string, string>();
    for (const def of published) {
      const texts = [
        def.summary,
        def.description,
        ...def.items.map((i) => i.text),
        ...def.items.flatMap((i) => (i.about ? [i.about] : [])),
        ...def.dimensions.flatMap((d) => [d.description, d.bands.low, d.bands.middle, d.bands.high]),
      ];
      for (const t of texts) {
        const key = t.toLowerCase();
        expect(seen.get(key), `"${t}" in ${def.id} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, def.id);
      }
    }
  });

  it('refuses to load a file that breaks the rules (unknown key, too few items)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vere-assessments-'));
    const broken = structuredClone(published.find((d) => d.id === 'comfort-zone')!);
    broken.items = broken.items.slice(0, 4);
    writeFileSync(join(dir, 'comfort-zone.v1.json'), JSON.stringify(broken));
    expect(() => loadAssessmentDefinitions(dir)).toThrow(/items/);
    const renamed = structuredClone(published.find((d) => d.id === 'social-energy')!);
    renamed.dimensions[0]!.key = 'sociability';
    writeFileSync(join(dir, 'comfort-zone.v1.json'), JSON.stringify({ ...renamed, id: 'social-energy' }));
    expect(() => loadAssessmentDefinitions(dir)).toThrow(/shared keys/);
  });
});
