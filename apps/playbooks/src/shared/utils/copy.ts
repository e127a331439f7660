import type { PlaybookStep } from '@vere/contracts';

/** How a step kind is named on screen. */
export const STEP_KIND_LABEL: Record<PlaybookStep['kind'], string> = {
  insight: 'Insight',
  quiz: 'Quiz',
  challenge: 'Mini-challenge',
  reflection: 'Reflection',
};

/** "4 weeks · 13 steps" */
export const lengthLabel = (weeks: number, steps: number) =>
  `${weeks} week${weeks === 1 ? '' : 's'} · ${steps} step${steps === 1 ? '' : 's'}`;

/** Where an upgrade starts (the account remote's Pro page). */
export const UPGRADE_PATH = '/vere-pro';
