import type { PgTx, Queryable, Transaction } from '@vere/service-kit';
import type { PhotoStore } from '@vere/storage';
import type { AssessmentCatalogue } from '../assessment-catalogue';
import type { Clock } from '../clock';
import type { AssessmentsRepository } from '../repositories/assessments-repository';
import type { CatalogueRepository } from '../repositories/catalogue-repository';
import type { DailyResetsRepository } from '../repositories/daily-resets-repository';
import type { DeckRepository } from '../repositories/deck-repository';
import type { EntitlementsRepository } from '../repositories/entitlements-repository';
import type { FriendsRepository } from '../repositories/friends-repository';
import type { LeaderboardRepository } from '../repositories/leaderboard-repository';
import type { PhotosRepository } from '../repositories/photos-repository';
import type { PackCatalogue } from '../pack-catalogue';
import type { PlaybookCatalogue } from '../playbook-catalogue';
import type { PacksRepository } from '../repositories/packs-repository';
import type { PlaybooksRepository } from '../repositories/playbooks-repository';
import type { PodPlaybooksRepository } from '../repositories/pod-playbooks-repository';
import type { PlayersRepository } from '../repositories/players-repository';
import type { StreakRepository } from '../repositories/streak-repository';
import type { TodosRepository } from '../repositories/todos-repository';
import type { WeeklyRepository } from '../repositories/weekly-repository';
import type { XpRepository } from '../repositories/xp-repository';
import type { PlayerContextCache } from './day-context';

/**
 * Photo proof: whether an uploaded photo (POST /api/quests/me/photos) belongs to the user. The
 * service wires it to the photo table (use-cases/photos.ts, `photoProofs`); a photo that is not
 * the user's is refused with the spec's "Please select a photo".
 */
export interface PhotoProofs {
  ownedBy(userId: string, photoId: string): Promise<boolean>;
  /** A short-lived link to the photo for its owner (the to-do's `proofPhotoUrl`). */
  linkFor?(photoId: string): Promise<string>;
}

/**
 * What every quests use case receives; service.ts wires it once. A use case that changes more than
 * one row, or writes events, runs in `transaction` and hands its `tx` to the repositories (events
 * go with `writeOutbox(tx, …)` and commit with the change); a read, or a write of one statement,
 * runs on `db`.
 */
export interface QuestsDeps {
  /** The unit of work (service-kit's pgTransactions on quests' pool, kicking the outbox relay after a commit). */
  transaction: Transaction<PgTx>;
  /** Kicks the outbox relay after a statement outside `transaction` wrote an event (the accept; decision 0061). */
  eventsWritten: () => void;
  /** The pool: one statement at a time, outside any transaction. */
  db: Queryable;
  /** The time every rule reads (local dates, the weekend window, Pro expiry). */
  clock: Clock;
  players: PlayersRepository;
  /** The accept's and the skip's player context rows, checked by their statements (decision 0061). */
  contexts: PlayerContextCache;
  deck: DeckRepository;
  todos: TodosRepository;
  xp: XpRepository;
  dailyResets: DailyResetsRepository;
  weekly: WeeklyRepository;
  streaks: StreakRepository;
  catalogue: CatalogueRepository;
  leaderboard: LeaderboardRepository;
  friends: FriendsRepository;
  entitlements: EntitlementsRepository;
  photos: PhotosRepository;
  playbooks: PlaybooksRepository;
  /** Pod playbook runs and the membership facts their week gate reads (decision 0041). */
  podPlaybooks: PodPlaybooksRepository;
  /** Every playbook version in content/playbooks (decision 0040). */
  playbookCatalogue: PlaybookCatalogue;
  packs: PacksRepository;
  /** Every challenge pack in content/packs (decision 0051). */
  packCatalogue: PackCatalogue;
  assessments: AssessmentsRepository;
  /** Every assessment version in content/assessments (decision 0049). */
  assessmentCatalogue: AssessmentCatalogue;
  /** Where proof photos' bytes live. */
  store: PhotoStore;
  /** How long a photo link works. */
  photoUrlTtlSeconds: number;
  /** Photo uploads one user may make per clock hour. */
  photoUploadsPerHour: number;
  /** Photo proof of to-dos and weekly completions: the user's uploads (photoProofs), unless a test gives its own. */
  proofs: PhotoProofs;
}
