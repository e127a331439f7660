import type { PlayerProgress } from '@vere/contracts';
import { levelProgress } from '@vere/domain';
import { AppError } from '@vere/service-kit';
import type { QuestsDeps } from './deps';
import { weeklyStreakOf } from './weekly';

/** The signed-in player's level and XP, and the weekly streak shown now; PLAYER_NOT_FOUND while the registration event is on its way. */
export async function getProgress(deps: QuestsDeps, userId: string): Promise<PlayerProgress> {
  const totalXp = await deps.players.totalXpOf(deps.db, userId);
  if (totalXp === undefined) {
    throw new AppError('PLAYER_NOT_FOUND', 'Your player profile is being set up. Try again in a moment.');
  }
  return { ...levelProgress(totalXp), weeklyStreak: (await weeklyStreakOf(deps, userId))?.currentStreak ?? 0 };
}
