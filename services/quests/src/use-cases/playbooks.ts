import type { PlaybookUnlocks } from '@vere/contracts';
import { playbookUnlocks } from '@vere/domain';
import { dayContext } from './day-context';
import type { QuestsDeps } from './deps';

/** Which playbooks the user has open now: from their level and the Pro read model (checked at this instant). */
export async function getPlaybookUnlocks(deps: QuestsDeps, userId: string): Promise<PlaybookUnlocks> {
  const ctx = await dayContext(deps, userId, deps.clock());
  const playbooks = playbookUnlocks({ level: ctx.level, isPro: ctx.isPro });
  return { level: ctx.level, isPro: ctx.isPro, unlockedCount: playbooks.filter((p) => p.unlocked).length, playbooks };
}
