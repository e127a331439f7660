// The challenge packs' content (issue 24, decision 0051): every file validates, the catalogue has the
// packs the issue asks for, no dare repeats a pack's or the sidequest catalogue's text, and the tag
// mapping (libs/domain) reaches real content for every result it can favour.
import { readdirSync, readFileSync } from 'node:fs';
import {
  ADVANCED_PACK_LEVEL,
  BAND_TAGS,
  CATEGORY_TAGS,
  DIMENSION_LABELS,
  PACK_SHAPE,
  PLAYBOOK_TAGS,
  TAGS,
} from '@vere/domain';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  createPackCatalogue,
  dareId,
  loadPackDefinitions,
  PackDefinitionSchema,
  packsDir,
} from '../src/pack-catalogue';
import { loadPlaybookDefinitions } from '../src/playbook-catalogue';

const packs = loadPackDefinitions();
const catalogue = createPackCatalogue(packs);
const sidequestTexts = readFileSync(new URL('../prisma/seed/sidequests.tsv', import.meta.url), 'utf8')
  .trimEnd()
  .split('\n')
  .flatMap((line) => line.split('\t').slice(1, 3));

const duplicates = (values: string[]) =>
  values.filter((v, i) => values.findIndex((w) => w.toLowerCase() === v.toLowerCase()) !== i);

describe('pack content', () => {
  it('every file validates against the schema and is named after its id', () => {
    const files = readdirSync(packsDir()).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(packs.length);
    for (const p of packs) expect([...Value.Errors(PackDefinitionSchema, p)], p.id).toEqual([]);
  });

  it(`has at least ${PACK_SHAPE.packs.min} packs of ${PACK_SHAPE.dares.min}–${PACK_SHAPE.dares.max} dares, at least ${PACK_SHAPE.proPacks.min} Pro-only and some advanced`, () => {
    expect(packs.length).toBeGreaterThanOrEqual(PACK_SHAPE.packs.min);
    expect(packs.filter((p) => p.proOnly).length).toBeGreaterThanOrEqual(PACK_SHAPE.proPacks.min);
    expect(packs.filter((p) => p.unlockLevel === ADVANCED_PACK_LEVEL).length).toBeGreaterThanOrEqual(1);
    expect(packs.filter((p) => !p.proOnly && p.unlockLevel === 1).length).toBeGreaterThanOrEqual(4);
    for (const p of packs) {
      expect(p.dares.length, p.id).toBeGreaterThanOrEqual(PACK_SHAPE.dares.min);
      expect(p.dares.length, p.id).toBeLessThanOrEqual(PACK_SHAPE.dares.max);
    }
  });

  it('uses no title, tagline or dare text twice, nor one of the sidequest catalogue', () => {
    const texts = [
      ...packs.flatMap((p) => [p.title, p.tagline]),
      ...packs.flatMap((p) => p.dares.flatMap((d) => [d.title, d.description])),
    ];
    expect(duplicates(texts)).toEqual([]);
    expect(duplicates([...texts, ...sidequestTexts]).filter((t) => texts.includes(t))).toEqual([]);
    expect(duplicates(packs.map((p) => p.id))).toEqual([]);
  });

  it('gives every dare a stable id of its own', () => {
    const ids = packs.flatMap((p) => p.dares.map((_, i) => dareId(p.id, i + 1)));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(dareId('morning-reset', 1)).toBe(dareId('morning-reset', 1));
  });

  it('lists free packs first, then advanced, then Pro', () => {
    const ranks = catalogue.packs.map((p) => (p.proOnly ? 2 : p.unlockLevel > 1 ? 1 : 0));
    expect(ranks).toEqual([...ranks].sort());
  });
});

describe('the tag mapping', () => {
  const playbookIds = loadPlaybookDefinitions().map((p) => p.id);

  it('tags every playbook, and every tag it names exists', () => {
    for (const id of playbookIds) expect(PLAYBOOK_TAGS[id], id).toBeDefined();
    const named = [
      ...Object.values(PLAYBOOK_TAGS).flat(),
      ...Object.values(CATEGORY_TAGS).flat(),
      ...Object.values(BAND_TAGS).flatMap((b) => [...b.low, ...b.high]),
    ];
    for (const t of named) expect(TAGS).toContain(t);
  });

  it('finds a pack, a playbook and catalogue cards for every low and high band of every dimension', () => {
    const catalogueTags = new Set(Object.values(CATEGORY_TAGS).flat());
    for (const dimension of Object.keys(DIMENSION_LABELS) as (keyof typeof DIMENSION_LABELS)[]) {
      for (const band of ['low', 'high'] as const) {
        const tags = BAND_TAGS[dimension][band];
        const where = `${dimension} ${band}`;
        expect(tags.length, where).toBeGreaterThan(0);
        expect(
          packs.some((p) => !p.proOnly && p.unlockLevel === 1 && p.tags.some((t) => tags.includes(t))),
          where,
        ).toBe(true);
        expect(
          Object.values(PLAYBOOK_TAGS).some((pt) => pt.some((t) => tags.includes(t))),
          where,
        ).toBe(true);
        expect(
          tags.some((t) => catalogueTags.has(t)),
          where,
        ).toBe(true);
      }
    }
  });
});
