import type { PlaybookUnlocks } from '@vere/contracts';
import { playbookUnlocks } from '@vere/domain';
import type { PlayersRepository } from '../repositories/players-repository';
import { dayContext } from './day-context';

/** Which playbooks the user has open now: from their level and the Pro read model (checked at this instant). */
export async function getPlaybookUnlocks(players: PlayersRepository, userId: string, now: Date): Promise<PlaybookUnlocks> {
  const ctx = await dayContext(players, userId, now);
  const playbooks = playbookUnlocks({ level: ctx.level, isPro: ctx.isPro });
  return { level: ctx.level, isPro: ctx.isPro, unlockedCount: playbooks.filter((p) => p.unlocked).length, playbooks };
}
