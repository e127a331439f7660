import type { LevelProgressBody } from '@vere/contracts';
import { levelProgress } from '@vere/domain';
import { AppError } from '@vere/service-kit';
import type { PlayersRepository } from '../repositories/players-repository';

/** The signed-in player's level and XP; PLAYER_NOT_FOUND while the registration event is on its way. */
export async function getProgress(players: PlayersRepository, userId: string): Promise<LevelProgressBody> {
  const totalXp = await players.totalXpOf(userId);
  if (totalXp === undefined) {
    throw new AppError('PLAYER_NOT_FOUND', 'Your player profile is being set up. Try again in a moment.');
  }
  return levelProgress(totalXp);
}
