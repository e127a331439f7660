import type { Challenge, CreateChallengeBody, UpdateChallengeBody, WeekAssignment } from '@vere/contracts';
import { weekNumberOfDate } from '@vere/domain';
import { AppError } from '@vere/service-kit';
import type { AssignmentRow, CatalogueRepository, ChallengeRow } from '../repositories/catalogue-repository';

/** The spec's wording (§8) when rotation finds nothing to assign. */
export const ROTATION_EMPTY_MESSAGE = 'No data returned from rotation function';

const CHALLENGE_NOT_FOUND = () => new AppError('CHALLENGE_NOT_FOUND', 'This challenge does not exist.');

export const toChallenge = (r: ChallengeRow): Challenge => ({
  ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
});

export const toAssignment = (r: AssignmentRow): WeekAssignment => ({ ...r });

export async function updateChallenge(catalogue: CatalogueRepository, id: string, changes: UpdateChallengeBody): Promise<Challenge> {
  const row = await catalogue.update(id, changes);
  if (!row) throw CHALLENGE_NOT_FOUND();
  return toChallenge(row);
}

export async function createChallenge(catalogue: CatalogueRepository, body: CreateChallengeBody): Promise<Challenge> {
  return toChallenge(await catalogue.create(body));
}

/** Soft delete (spec §6): is_active = false; weeks already assigned keep it, rotation skips it. */
export const deactivateChallenge = (catalogue: CatalogueRepository, id: string) => updateChallenge(catalogue, id, { isActive: false });

export async function assignWeek(catalogue: CatalogueRepository, weekNumber: number, challengeId: string): Promise<WeekAssignment> {
  const challenge = await catalogue.find(challengeId);
  if (!challenge) throw CHALLENGE_NOT_FOUND();
  if (!challenge.isActive) throw new AppError('VALIDATION_FAILED', 'This challenge is retired: activate it before assigning it.', 'challengeId');
  const result = await catalogue.assign(weekNumber, challengeId);
  if (result.kind === 'in_use') throw new AppError('WEEK_IN_USE', "People have already taken this week's challenge; it cannot be replaced.");
  return toAssignment(result.assignment);
}

export async function rotateToNext(catalogue: CatalogueRepository, weekNumber: number): Promise<WeekAssignment> {
  const assigned = await catalogue.rotate(weekNumber);
  if (!assigned) throw new AppError('ROTATION_EMPTY', ROTATION_EMPTY_MESSAGE);
  return toAssignment(assigned);
}

const HOUR_MS = 3_600_000;

/**
 * The rotation job: the weeks it is somewhere on Earth now or within the hour (UTC-12 to UTC+14,
 * one hour ahead so Pacific/Kiritimati has its challenge at Sunday 00:00 although the job runs
 * every 15 minutes) get the next challenge in sequence when they have none. Returns the weeks it assigned.
 */
export async function rotateMissingWeeks(catalogue: CatalogueRepository, now: Date): Promise<WeekAssignment[]> {
  const weeks = new Set([-12, 15].map((h) => weekNumberOfDate(new Date(now.getTime() + h * HOUR_MS).toISOString().slice(0, 10))));
  const assigned: WeekAssignment[] = [];
  for (const week of [...weeks].sort((a, b) => a - b)) {
    if (await catalogue.isAssigned(week)) continue;
    const row = await catalogue.rotate(week);
    if (row) assigned.push(toAssignment(row));
  }
  return assigned;
}
