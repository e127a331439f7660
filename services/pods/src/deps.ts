import type { ChatRateLimit } from '@vere/domain';
import type { PgTx, Queryable, Transaction } from '@vere/service-kit';
import type { LiveHub } from './live/hub';
import type { LiveRepository } from './live/live-repository';
import type { ChatRepository } from './repositories/chat-repository';
import type { ExportRepository } from './repositories/export-repository';
import type { FeedRepository } from './repositories/feed-repository';
import type { FriendsRepository } from './repositories/friends-repository';
import type { PodPlaybooksRepository } from './repositories/pod-playbooks-repository';
import type { PodStreakRepository } from './repositories/pod-streak-repository';
import type { PodsRepository } from './repositories/pods-repository';
import type { ReadModelsRepository } from './repositories/read-models-repository';
import type { SafetyRepository } from './repositories/safety-repository';
import type { ReportTargetResolver } from './use-cases/safety';

/** A short-lived signed link to a proof photo (the storage layer's, with the key quests' links use). */
export type PhotoUrl = (photoId: string) => Promise<string>;

/**
 * Everything pods' use cases (and its consumers, job and live streams) receive, wired once in
 * service.ts. A use case owns its unit of work: `deps.transaction(async (tx) => …)`, hands `tx` to
 * the repositories and writes events with service-kit's `writeOutbox(tx, …)`; reads outside one go
 * to `db`.
 */
export interface PodsDeps {
  /** The unit of work on pods' pool (schema `pods`); the relay publishes its events after the commit. */
  transaction: Transaction<PgTx>;
  /** Reads outside a unit of work: the pool. */
  db: Queryable;
  /** The time the streak rules read (tests control it). */
  clock: () => Date;
  /** Signed links to proof photos for the pod log; absent: entries carry the photo's id only. */
  photoUrl?: PhotoUrl;
  /** Messages per sender and window. */
  chatRateLimit: ChatRateLimit;
  /** Comments per author and window (decision 0038). */
  commentRateLimit: ChatRateLimit;
  /** What a report may point at, tried in turn (a user, a pod log entry, a chat message). */
  reportTargets: ReportTargetResolver[];
  /** This instance's live updates (one LISTEN connection), fanned out to its open streams. */
  hub: LiveHub;
  /** Heartbeat of the live streams. */
  heartbeatMs: number;
  pods: PodsRepository;
  podStreaks: PodStreakRepository;
  friends: FriendsRepository;
  chat: ChatRepository;
  safety: SafetyRepository;
  readModels: ReadModelsRepository;
  exports: ExportRepository;
  live: LiveRepository;
  feed: FeedRepository;
  /** Pod playbook read models and their log entries (decision 0041). */
  podPlaybooks: PodPlaybooksRepository;
}
