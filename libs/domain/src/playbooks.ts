// Playbook unlocks (spec §6, issue 11): the slot of each level in PLAYBOOK_LEVELS opens when the
// player reaches that level, and every slot is open for Pro. The service decides with this rule;
// the playbooks page only shows the service's answer.
import { PLAYBOOK_LEVELS } from './levels';

export interface PlaybookSlot {
  /** 1 for the first playbook (level 3), up to 7 (level 50). */
  slot: number;
  unlockLevel: number;
  unlocked: boolean;
}

export function playbookUnlocks(input: { level: number; isPro: boolean }): PlaybookSlot[] {
  return PLAYBOOK_LEVELS.map((unlockLevel, i) => ({
    slot: i + 1,
    unlockLevel,
    unlocked: input.isPro || input.level >= unlockLevel,
  }));
}

// ── Playbook content and progress rules (issue 23, decision 0040) ──────────────────────────────

/** The four kinds of step a playbook week is made of. */
export type PlaybookStepKind = 'insight' | 'quiz' | 'challenge' | 'reflection';

/** How a playbook is shaped: weeks, steps per week, words per insight, questions per quiz. */
export const PLAYBOOK_SHAPE = {
  weeks: { min: 4, max: 6 },
  stepsPerWeek: { min: 3, max: 5 },
  insightWords: { min: 150, max: 400 },
  quizQuestions: { min: 2, max: 5 },
  choices: { min: 2, max: 5 },
  challengeXp: { min: 40, max: 80 },
} as const;

/**
 * XP per step (decision 0040). A four-week playbook of insight + quiz + challenge per week gives
 * roughly 4 × (10 + 30 + 60) + 200 = 600 XP: at level 1 that is five levels, at level 12 under
 * one — a playbook is a month's companion to the deck, never a shortcut past it.
 */
export const PLAYBOOK_XP = { insight: 10, reflection: 15, quizMax: 30, completion: 200 } as const;

/** Quiz XP by score: the share of right answers of the quiz maximum, rounded down (0 for none right). */
export function quizXp(correct: number, total: number): number {
  if (total <= 0 || correct <= 0) return 0;
  return Math.floor((PLAYBOOK_XP.quizMax * Math.min(correct, total)) / total);
}

/** Words in a text as a reader counts them (runs of non-space). */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The level a playbook opens at: 1 is open to everyone; the others are the slots of PLAYBOOK_LEVELS. */
export type PlaybookAccess =
  /** Open: the player may start and continue it. */
  | 'open'
  /** Below its level and not Pro. */
  | 'locked';

/** Whether a playbook opening at `unlockLevel` is open to a player now (level reached, or Pro). */
export function playbookAccess(input: { unlockLevel: number; level: number; isPro: boolean }): PlaybookAccess {
  return input.unlockLevel <= 1 || input.isPro || input.level >= input.unlockLevel ? 'open' : 'locked';
}

/**
 * The week a player is on: the first week not finished (weeks open in order, with no calendar
 * lock), or `weeks.length` when every week is done. `doneSteps` are step ids completed.
 */
export function currentWeekIndex(
  weeks: readonly { steps: readonly { id: string }[] }[],
  done: ReadonlySet<string>,
): number {
  const i = weeks.findIndex((w) => w.steps.some((s) => !done.has(s.id)));
  return i === -1 ? weeks.length : i;
}
