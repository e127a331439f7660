import { addDays } from './time-zone';

/** Spec §4.1: a to-do is due this long after its card is accepted. */
export const TODO_DUE_HOURS = 24;

/**
 * When a to-do accepted at `now` is due: 24 hours later, and on the next local calendar date after
 * `date` (the user's local date at `now`), which the daily reset compares.
 */
export function todoDue(now: Date, date: string): { dueAt: Date; dueDate: string } {
  return { dueAt: new Date(now.getTime() + TODO_DUE_HOURS * 3_600_000), dueDate: addDays(date, 1) };
}

export type ProofType = 'text' | 'photo' | 'both';

/** What a to-do's proof lacks (spec §5), with the field to point at; the service and the form say the same. */
export interface ProofProblem {
  message: string;
  field: 'proofText' | 'photoId';
}

/**
 * The proof rule (spec §5): Text needs a reflection that is not blank, Photo a photo, Both the two.
 * `hasText` is whether the trimmed reflection is non-empty. Null when the proof is complete. quests
 * refuses an incomplete proof with this message; the form checks it first and sends nothing.
 */
export function proofProblem(proofType: ProofType, hasText: boolean, hasPhoto: boolean): ProofProblem | null {
  if (proofType === 'text' && !hasText) return { message: 'Please add a text reflection', field: 'proofText' };
  if (proofType === 'photo' && !hasPhoto) return { message: 'Please select a photo', field: 'photoId' };
  if (proofType === 'both' && (!hasText || !hasPhoto))
    return { message: 'Please add both text reflection and a photo', field: hasText ? 'photoId' : 'proofText' };
  return null;
}
