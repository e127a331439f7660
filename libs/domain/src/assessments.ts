// Assessments (issue 24, decision 0049): the ids and dimension keys every part of Vere shares (the
// deck maps them to card tags), how an answer becomes a 0–100 score, the bands a score falls in,
// and the floor under the friends' view. quests scores on the server with these functions; the
// playbooks remote only shows what quests answered.

/** Every assessment and its dimension keys, in the order results show them. */
export const ASSESSMENT_DIMENSIONS = {
  'big-five': ['extraversion', 'agreeableness', 'conscientiousness', 'emotional-stability', 'intellect'],
  'comfort-zone': ['novelty-seeking', 'risk-tolerance'],
  'social-energy': ['social-energy', 'social-initiative'],
  'routine-and-habits': ['routine-strength', 'follow-through'],
  resilience: ['bounce-back', 'stress-calm'],
} as const;

export type AssessmentId = keyof typeof ASSESSMENT_DIMENSIONS;
export type AssessmentDimension = (typeof ASSESSMENT_DIMENSIONS)[AssessmentId][number];

export const ASSESSMENT_IDS = Object.keys(ASSESSMENT_DIMENSIONS) as AssessmentId[];

/** The assessments only Pro opens (spec §6); they live under /pro/assessments. */
export const PRO_ASSESSMENTS: readonly AssessmentId[] = ['routine-and-habits', 'resilience'];

/** The assessments a player may ask friends to rate them on (the same items, read about someone else). */
export const RATEABLE_ASSESSMENTS: readonly AssessmentId[] = ['big-five'];

export function isAssessmentId(id: string): id is AssessmentId {
  return Object.hasOwn(ASSESSMENT_DIMENSIONS, id);
}

export function isProAssessment(id: AssessmentId): boolean {
  return PRO_ASSESSMENTS.includes(id);
}

/** Whether the player may open an assessment: free ones always, Pro ones with Pro. */
export function assessmentAccess(input: { id: AssessmentId; isPro: boolean }): 'open' | 'pro' {
  return isProAssessment(input.id) && !input.isPro ? 'pro' : 'open';
}

/** Answers are a 5-point Likert scale: 1 "very inaccurate" … 5 "very accurate". */
export const LIKERT = { min: 1, max: 5 } as const;
export const LIKERT_LABELS = [
  'Very inaccurate',
  'Moderately inaccurate',
  'Neither',
  'Moderately accurate',
  'Very accurate',
] as const;

/**
 * How answers become scores; a take stores the version it was scored with. Version 1: a reverse-keyed
 * item counts 6 − answer; a dimension's score is the mean of its items mapped from 1…5 onto 0…100,
 * rounded to a whole number.
 */
export const ASSESSMENT_SCORING_VERSION = 1;

export interface ScoredItem {
  id: string;
  dimension: string;
  /** '+' counts the answer as given; '-' (reverse-keyed) counts 6 − answer. */
  key: '+' | '-';
}

/** One item's contribution, 1…5, after its key. */
export function keyedAnswer(answer: number, key: '+' | '-'): number {
  return key === '-' ? LIKERT.max + LIKERT.min - answer : answer;
}

/** A mean of 1…5 as 0…100 (1 → 0, 3 → 50, 5 → 100). */
export function meanToScore(mean: number): number {
  return Math.round(((mean - LIKERT.min) / (LIKERT.max - LIKERT.min)) * 100);
}

/**
 * Scores every dimension of `dimensions` from a complete set of answers (item id → 1…5). Throws on
 * a missing or out-of-range answer: the caller checks completeness first and answers with a 4xx.
 */
export function scoreAnswers(
  dimensions: readonly string[],
  items: readonly ScoredItem[],
  answers: Readonly<Record<string, number>>,
): Record<string, number> {
  const sums = new Map<string, { total: number; n: number }>(dimensions.map((d) => [d, { total: 0, n: 0 }]));
  for (const item of items) {
    const answer = answers[item.id];
    if (answer === undefined || !Number.isInteger(answer) || answer < LIKERT.min || answer > LIKERT.max)
      throw new Error(`no valid answer for ${item.id}`);
    const sum = sums.get(item.dimension);
    if (!sum) throw new Error(`${item.id}: unknown dimension ${item.dimension}`);
    sum.total += keyedAnswer(answer, item.key);
    sum.n += 1;
  }
  const scores: Record<string, number> = {};
  for (const [d, { total, n }] of sums) {
    if (n === 0) throw new Error(`dimension ${d} has no items`);
    scores[d] = meanToScore(total / n);
  }
  return scores;
}

export type ScoreBand = 'low' | 'middle' | 'high';

/** The band a 0–100 score falls in: below 40 low, above 60 high, else middle. */
export function scoreBand(score: number): ScoreBand {
  if (score < 40) return 'low';
  if (score > 60) return 'high';
  return 'middle';
}

/** The friends' view shows nothing until at least this many friends have rated the player. */
export const FRIEND_RATINGS_FLOOR = 3;

/** The sentence the dashboard shows while the floor is not reached, built from the floor. */
export const FRIEND_RATINGS_FLOOR_SENTENCE = `Friends' view appears once ${FRIEND_RATINGS_FLOOR} friends have rated you. Who rated you stays private.`;

/** How many open rating requests a player may have out per assessment (a friends' list is not a mailing list). */
export const MAX_RATING_INVITES = 20;
