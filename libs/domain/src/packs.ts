// Challenge packs and a deck shaped by assessment results (issue 24, decisions 0051 and 0052): the
// tags sidequests, packs and playbooks carry, which tags a result band favours and the sentence that
// says why, who may add a pack, and what finishing one is worth. No I/O: quests, the contracts and
// the remotes read these.

import type { SidequestCategory } from './sidequests';

/** Every tag a sidequest, a pack or a playbook may carry. */
export const TAGS = [
  'social',
  'body',
  'mind',
  'creativity',
  'home',
  'nature',
  'courage',
  'routine',
  'calm',
  'kindness',
  'novelty',
  'screens',
] as const;
export type Tag = (typeof TAGS)[number];

/** The catalogue's cards carry the tags of their category (quests fills them at start). */
export const CATEGORY_TAGS: Record<SidequestCategory, Tag[]> = {
  social: ['social', 'kindness'],
  body: ['body', 'routine'],
  mind: ['mind', 'calm'],
  creativity: ['creativity', 'novelty'],
  home: ['home', 'routine'],
  nature: ['nature', 'calm', 'novelty'],
  courage: ['courage', 'novelty'],
};

/** The playbooks' tags, by playbook id (content/playbooks). */
export const PLAYBOOK_TAGS: Record<string, Tag[]> = {
  'morning-routine': ['routine', 'body', 'calm'],
  'social-courage': ['social', 'courage'],
  'comfort-zone': ['courage', 'novelty'],
  creativity: ['creativity', 'novelty'],
  'digital-balance': ['screens', 'calm', 'mind'],
  gratitude: ['kindness', 'calm', 'mind'],
  'fitness-from-zero': ['body', 'routine'],
  'money-habits': ['routine', 'home', 'mind'],
};

/** Every dimension an assessment scores (0–100), with the words a reason uses for it. */
export const DIMENSION_LABELS = {
  extraversion: 'extraversion',
  agreeableness: 'agreeableness',
  conscientiousness: 'conscientiousness',
  'emotional-stability': 'emotional stability',
  intellect: 'curiosity of mind',
  'novelty-seeking': 'novelty seeking',
  'risk-tolerance': 'risk tolerance',
  'social-energy': 'social energy',
  'social-initiative': 'social initiative',
  'routine-strength': 'routine strength',
  'follow-through': 'follow-through',
  'bounce-back': 'bouncing back',
  'stress-calm': 'calm under stress',
} as const;
export type Dimension = keyof typeof DIMENSION_LABELS;

export type Band = 'low' | 'middle' | 'high';

/** Below 40 low, above 60 high, else middle (the assessments' bands). */
export function bandOf(score: number): Band {
  if (score < 40) return 'low';
  if (score > 60) return 'high';
  return 'middle';
}

/**
 * What a low or a high score favours: a small stretch where the score is low, something that
 * balances a strength where it is high. A middle score favours nothing.
 */
export const BAND_TAGS: Record<Dimension, Record<'low' | 'high', Tag[]>> = {
  extraversion: { low: ['social'], high: ['mind', 'calm'] },
  agreeableness: { low: ['kindness'], high: ['courage'] },
  conscientiousness: { low: ['routine', 'home'], high: ['creativity', 'novelty'] },
  'emotional-stability': { low: ['calm', 'body'], high: ['courage'] },
  intellect: { low: ['creativity', 'mind'], high: ['nature', 'novelty'] },
  'novelty-seeking': { low: ['novelty', 'nature'], high: ['routine'] },
  'risk-tolerance': { low: ['courage'], high: ['calm'] },
  'social-energy': { low: ['social'], high: ['kindness'] },
  'social-initiative': { low: ['social', 'courage'], high: ['kindness'] },
  'routine-strength': { low: ['routine'], high: ['novelty'] },
  'follow-through': { low: ['routine'], high: ['creativity'] },
  'bounce-back': { low: ['calm', 'body'], high: ['courage'] },
  'stress-calm': { low: ['calm'], high: ['novelty'] },
};

const isDimension = (key: string): key is Dimension => Object.hasOwn(DIMENSION_LABELS, key);

/** One assessment's newest scores, as quests reads them. */
export interface LatestScores {
  assessmentId: string;
  scores: Record<string, number>;
}

export interface DeckShape {
  /** Tags to deal first, the strongest signal's first. */
  tags: Tag[];
  /** The strongest signal: the banded score furthest from the middle. */
  reason: { dimension: Dimension; band: 'low' | 'high'; score: number; text: string } | null;
}

/** "because you scored low on social energy" */
export function reasonText(dimension: Dimension, band: 'low' | 'high'): string {
  return `because you scored ${band} on ${DIMENSION_LABELS[dimension]}`;
}

/**
 * What a player's newest results favour: every low or high score's tags, strongest (furthest from
 * 50) first; a tie goes to the dimension named first in DIMENSION_LABELS, so the answer is stable.
 */
export function shapeFromResults(results: LatestScores[]): DeckShape {
  const order = Object.keys(DIMENSION_LABELS);
  const signals = results
    .flatMap((r) => Object.entries(r.scores))
    .filter((e): e is [Dimension, number] => isDimension(e[0]) && Number.isFinite(e[1]))
    .map(([dimension, score]) => ({ dimension, score, band: bandOf(score) }))
    .filter((s): s is { dimension: Dimension; score: number; band: 'low' | 'high' } => s.band !== 'middle')
    .sort(
      (a, b) =>
        Math.abs(b.score - 50) - Math.abs(a.score - 50) || order.indexOf(a.dimension) - order.indexOf(b.dimension),
    );
  const tags: Tag[] = [];
  for (const s of signals) for (const t of BAND_TAGS[s.dimension][s.band]) if (!tags.includes(t)) tags.push(t);
  const top = signals[0];
  return {
    tags,
    reason: top ? { ...top, text: reasonText(top.dimension, top.band) } : null,
  };
}

/**
 * The best match for the favoured tags: each shared tag weighs more the earlier it comes in `tags`
 * and in the candidate's own tags (a candidate lists its main theme first); ties keep the earlier
 * candidate. Undefined when nothing shares a tag.
 */
export function bestMatch<T extends { tags: readonly string[] }>(
  candidates: T[],
  tags: readonly string[],
): T | undefined {
  let best: T | undefined;
  let bestScore = 0;
  for (const c of candidates) {
    const score = tags.reduce((sum, t, i) => {
      const j = c.tags.indexOf(t);
      return j < 0 ? sum : sum + (tags.length - i) * (c.tags.length - j);
    }, 0);
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/** Dares in one pack, and packs in the catalogue at least. */
export const PACK_SHAPE = { dares: { min: 8, max: 12 }, packs: { min: 8 }, proPacks: { min: 3 } } as const;

/** Advanced packs open at this level (spec challenges-xp-pods §6), or with Pro. */
export const ADVANCED_PACK_LEVEL = 20;

/** The bonus for finishing every dare of a pack, once per player and pack, through the XP ledger. */
export const PACK_COMPLETION_XP = 150;

export type PackAccess = { ok: true } | { ok: false; code: 'PACK_PRO_ONLY' | 'PACK_LOCKED'; message: string };

/** Whether a player may add a pack: Pro-only packs need Pro; an advanced pack needs its level or Pro. */
export function packAccess(
  pack: { proOnly: boolean; unlockLevel: number },
  player: { isPro: boolean; level: number },
): PackAccess {
  if (pack.proOnly && !player.isPro)
    return { ok: false, code: 'PACK_PRO_ONLY', message: 'This pack comes with Vere Pro.' };
  if (player.level < pack.unlockLevel && !player.isPro)
    return {
      ok: false,
      code: 'PACK_LOCKED',
      message: `This pack opens at level ${pack.unlockLevel}. Keep going — you will get there.`,
    };
  return { ok: true };
}
