import type { PodsExport } from '@vere/contracts';
import type { PodsDeps } from '../deps';
import { exportMessages } from './chat';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** "Your data": everything pods holds about the user (their pods, chats, friendships, own blocks and reports, log entries, reactions, comments and nudges). */
export async function exportMyData(deps: PodsDeps, userId: string): Promise<PodsExport> {
  const [pods, chatMessages, social, feed, playbookWeeks] = await Promise.all([
    deps.pods.exportFor(deps.db, userId),
    exportMessages(deps, userId),
    deps.exports.socialExportOf(deps.db, userId),
    deps.feed.exportOf(deps.db, userId),
    deps.podPlaybooks.exportOf(deps.db, userId),
  ]);
  return {
    service: 'pods' as const,
    pods,
    chatMessages,
    friendships: social.friendships.map((f) => ({
      ...f,
      createdAt: f.createdAt.toISOString(),
      acceptedAt: iso(f.acceptedAt),
    })),
    blocks: social.blocks.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
    reports: social.reports.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    playbookWeeks: playbookWeeks.map((w) => ({ ...w, completedAt: w.completedAt.toISOString() })),
    podLogEntries: social.podLogEntries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    ...feed,
  };
}
