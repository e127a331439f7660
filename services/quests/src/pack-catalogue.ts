// The challenge packs' content (issue 24, decision 0051): one reviewed JSON file per pack,
// `content/packs/<id>.json`, read once at start and checked against the schema below (decision
// 0040's pipeline). A pack's dares become ordinary daily sidequest rows at start (seedPackDares in
// use-cases/packs.ts) with ids derived from the pack and the dare's place, so a dare is only ever
// appended: editing its text keeps its id, and players' progress with it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  ADVANCED_PACK_LEVEL,
  PACK_SHAPE,
  SIDEQUEST_CATEGORIES,
  SIDEQUEST_DESCRIPTION_MAX,
  SIDEQUEST_DESCRIPTION_MIN,
  SIDEQUEST_DURATION_MAX,
  SIDEQUEST_TITLE_MAX,
  SIDEQUEST_XP,
  TAGS,
} from '@vere/domain';
import { PlaybookIconSchema } from '@vere/contracts';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

const Slug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' });
const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });

const DareSchema = Type.Object(
  {
    title: Type.String({ minLength: 3, maxLength: SIDEQUEST_TITLE_MAX }),
    description: Type.String({ minLength: SIDEQUEST_DESCRIPTION_MIN, maxLength: SIDEQUEST_DESCRIPTION_MAX }),
    duration: Type.String({ pattern: '^[0-9]+(-[0-9]+)? min$', maxLength: SIDEQUEST_DURATION_MAX }),
    xp: Type.Integer({ minimum: SIDEQUEST_XP.daily.min, maximum: SIDEQUEST_XP.daily.max }),
  },
  { additionalProperties: false },
);

/** One pack as its content file holds it. */
export const PackDefinitionSchema = Type.Object(
  {
    id: Slug,
    title: Type.String({ minLength: 3, maxLength: 32 }),
    tagline: Type.String({ minLength: 20, maxLength: 120 }),
    cover: Type.Object({ icon: PlaybookIconSchema, color: Color, color2: Color }, { additionalProperties: false }),
    /** The catalogue category its dares show on the card. */
    category: Type.Union(SIDEQUEST_CATEGORIES.map((c) => Type.Literal(c))),
    tags: Type.Array(Type.Union(TAGS.map((t) => Type.Literal(t))), { minItems: 1, maxItems: 4, uniqueItems: true }),
    proOnly: Type.Boolean(),
    /** 1, or ADVANCED_PACK_LEVEL for an advanced pack. */
    unlockLevel: Type.Union([Type.Literal(1), Type.Literal(ADVANCED_PACK_LEVEL)]),
    dares: Type.Array(DareSchema, { minItems: PACK_SHAPE.dares.min, maxItems: PACK_SHAPE.dares.max }),
  },
  { additionalProperties: false },
);
export type PackDefinition = Static<typeof PackDefinitionSchema>;

/** A dare's sidequest id: a UUID from the pack id and its place (stable across text edits). */
export function dareId(packId: string, position: number): string {
  const h = createHash('sha256').update(`vere-pack:${packId}:${position}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface PackCatalogue {
  /** Every pack: free ones first, then advanced, then Pro, each by title. */
  packs: PackDefinition[];
  get(id: string): PackDefinition | undefined;
}

const rank = (p: PackDefinition) => (p.proOnly ? 2 : p.unlockLevel > 1 ? 1 : 0);

export function createPackCatalogue(definitions: PackDefinition[]): PackCatalogue {
  const packs = [...definitions].sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title));
  const byId = new Map(packs.map((p) => [p.id, p]));
  return { packs, get: (id) => byId.get(id) };
}

/** quests' content/packs folder, found through the package (the same from src, dist and a bundle). */
export function packsDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@vere/quests-service/package.json')), 'content', 'packs');
}

/** Reads and checks every pack file; throws on the first that does not validate (a bad file never ships). */
export function loadPackDefinitions(dir = packsDir()): PackDefinition[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((file) => {
    const data: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (!Value.Check(PackDefinitionSchema, data)) {
      const first = [...Value.Errors(PackDefinitionSchema, data)][0];
      throw new Error(`${file}: ${first?.message ?? 'invalid'} at ${first?.instancePath ?? '?'}`);
    }
    if (file !== `${data.id}.json`) throw new Error(`${file}: should be named ${data.id}.json`);
    return data;
  });
}
