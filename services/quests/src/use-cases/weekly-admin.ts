import type { Challenge, CreateChallengeBody, UpdateChallengeBody, WeekAssignment } from '@vere/contracts';
import { weekDates, weekNumberOfDate } from '@vere/domain';
import { AppError } from '@vere/service-kit';
import type { AssignmentRow, ChallengeRow } from '../repositories/catalogue-repository';
import type { QuestsDeps } from './deps';

/** Weekly rotation (issue 9): every 15 minutes a week may have begun somewhere; weeks without a challenge get the next one. */
export const WEEKLY_ROTATION_JOB = 'quests-weekly-rotation';
export const WEEKLY_ROTATION_CRON = '*/15 * * * *';

/** The spec's wording (§8) when rotation finds nothing to assign. */
export const ROTATION_EMPTY_MESSAGE = 'No data returned from rotation function';

const CHALLENGE_NOT_FOUND = () => new AppError('CHALLENGE_NOT_FOUND', 'This challenge does not exist.');

export const toChallenge = (r: ChallengeRow): Challenge => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const toAssignment = (r: AssignmentRow): WeekAssignment => ({ ...r });

export async function listChallenges(deps: QuestsDeps, includeInactive: boolean): Promise<{ challenges: Challenge[] }> {
  return { challenges: (await deps.catalogue.list(deps.db, includeInactive)).map(toChallenge) };
}

export async function updateChallenge(deps: QuestsDeps, id: string, changes: UpdateChallengeBody): Promise<Challenge> {
  const row = await deps.catalogue.update(deps.db, id, changes);
  if (!row) throw CHALLENGE_NOT_FOUND();
  return toChallenge(row);
}

export async function createChallenge(deps: QuestsDeps, body: CreateChallengeBody): Promise<Challenge> {
  return toChallenge(await deps.catalogue.create(deps.db, body));
}

/** Soft delete (spec §6): is_active = false; weeks already assigned keep it, rotation skips it. */
export const deactivateChallenge = (deps: QuestsDeps, id: string) => updateChallenge(deps, id, { isActive: false });

/** Puts the challenge on the week: a new assignment, or a replacement while nobody has accepted or completed the week's challenge. */
export async function assignWeek(deps: QuestsDeps, weekNumber: number, challengeId: string): Promise<WeekAssignment> {
  const challenge = await deps.catalogue.find(deps.db, challengeId);
  if (!challenge) throw CHALLENGE_NOT_FOUND();
  if (!challenge.isActive)
    throw new AppError(
      'VALIDATION_FAILED',
      'This challenge is retired: activate it before assigning it.',
      'challengeId',
    );
  const assigned = await deps.transaction(async (tx) => {
    if (!(await deps.catalogue.assign(tx, { weekNumber, ...weekDates(weekNumber), challengeId }))) return undefined;
    return deps.catalogue.assignmentOf(tx, weekNumber);
  });
  if (!assigned)
    throw new AppError('WEEK_IN_USE', "People have already taken this week's challenge; it cannot be replaced.");
  return toAssignment(assigned);
}

/**
 * Spec §7.1 "rotate to next challenge": assigns the active challenge after the tracker's last one
 * (by sequence, wrapping) to the week, and moves the tracker. The tracker row is locked, and the
 * week is unique, so replicas rotating at once assign one challenge. Undefined when there is
 * nothing to rotate: no active challenge, or the week already has one.
 */
async function rotate(deps: QuestsDeps, weekNumber: number): Promise<AssignmentRow | undefined> {
  return deps.transaction(async (tx) => {
    const next = await deps.catalogue.nextActiveAfter(tx, await deps.catalogue.lockRotation(tx));
    if (!next) return undefined;
    if (!(await deps.catalogue.assignIfFree(tx, { weekNumber, ...weekDates(weekNumber), challengeId: next })))
      return undefined;
    await deps.catalogue.recordRotation(tx, next, weekNumber);
    return deps.catalogue.assignmentOf(tx, weekNumber);
  });
}

export async function rotateToNext(deps: QuestsDeps, weekNumber: number): Promise<WeekAssignment> {
  const assigned = await rotate(deps, weekNumber);
  if (!assigned) throw new AppError('ROTATION_EMPTY', ROTATION_EMPTY_MESSAGE);
  return toAssignment(assigned);
}

const HOUR_MS = 3_600_000;

/**
 * The rotation job: the weeks it is somewhere on Earth now or within the hour (UTC-12 to UTC+14,
 * one hour ahead so Pacific/Kiritimati has its challenge at Sunday 00:00 although the job runs
 * every 15 minutes) get the next challenge in sequence when they have none. Returns the weeks it assigned.
 */
export async function rotateMissingWeeks(deps: QuestsDeps, now: Date): Promise<WeekAssignment[]> {
  const weeks = new Set(
    [-12, 15].map((h) => weekNumberOfDate(new Date(now.getTime() + h * HOUR_MS).toISOString().slice(0, 10))),
  );
  const assigned: WeekAssignment[] = [];
  for (const week of [...weeks].sort((a, b) => a - b)) {
    if (await deps.catalogue.isAssigned(deps.db, week)) continue;
    const row = await rotate(deps, week);
    if (row) assigned.push(toAssignment(row));
  }
  return assigned;
}
