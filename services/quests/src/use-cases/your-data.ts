import type { QuestsExport } from '@vere/contracts';
import type { QuestsDeps } from './deps';
import { exportAssessments } from './assessments';
import { exportPacks } from './packs';
import { exportPhotos } from './photos';
import { exportPlaybooks } from './playbooks';
import { exportPodPlaybooks } from './pod-playbooks';

/** "Your data": everything quests holds about the user. */
export async function exportUserData(deps: QuestsDeps, userId: string): Promise<QuestsExport> {
  const [player, activity, photos, playbooks, packs, podPlaybooks, assessments] = await Promise.all([
    deps.players.exportOf(deps.db, userId),
    deps.players.exportActivityOf(deps.db, userId),
    exportPhotos(deps, userId),
    exportPlaybooks(deps, userId),
    exportPacks(deps, userId),
    exportPodPlaybooks(deps, userId),
    exportAssessments(deps, userId),
  ]);
  return {
    service: 'quests' as const,
    player: player && { ...player, createdAt: player.createdAt.toISOString() },
    todos: activity.todos.map((t) => ({
      ...t,
      createdAt: t.createdAt.toISOString(),
      completedAt: t.completedAt?.toISOString() ?? null,
    })),
    xpAwards: activity.xpAwards.map((a) => ({ ...a, awardedAt: a.awardedAt.toISOString() })),
    weeklyChallenges: activity.weeklyChallenges.map((w) => ({
      ...w,
      acceptedAt: w.acceptedAt?.toISOString() ?? null,
      completedAt: w.completedAt?.toISOString() ?? null,
    })),
    playbooks,
    ...packs,
    podPlaybooks,
    assessments,
    photos,
    swipes: activity.swipes.map((s) => ({ ...s, seenAt: s.seenAt.toISOString() })),
  };
}
