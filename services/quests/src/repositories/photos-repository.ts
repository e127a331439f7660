import type { PgTx, Queryable } from '@vere/service-kit';

export interface PhotoRow {
  id: string;
  userId: string;
  storageKey: string;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  createdAt: Date;
}

/** Proof photos and the hourly upload counts: data access only (rules in use-cases/photos.ts). */
export interface PhotosRepository {
  add(db: Queryable, photo: Omit<PhotoRow, 'createdAt'>): Promise<void>;
  /**
   * Counts one upload of the user in this clock hour unless `perHour` are counted already, in one
   * statement. Resolves how many seconds remain of the hour when refused, null when admitted.
   */
  admitUpload(db: Queryable, userId: string, perHour: number): Promise<number | null>;
  /** The user's photos, oldest first (their data export). */
  listOf(db: Queryable, userId: string): Promise<PhotoRow[]>;
  /**
   * Forgets up to `limit` photos uploaded between `lookbackSeconds` and `graceSeconds` ago (the
   * database's clock, which stamped them) that no to-do or weekly completion refers to, and answers
   * their storage keys (the objects are the caller's to delete).
   */
  removeUnattached(db: Queryable, graceSeconds: number, lookbackSeconds: number, limit: number): Promise<string[]>;
  /** Drops upload counts of hours that began more than `seconds` ago. */
  removeUploadCountsOlderThan(db: Queryable, seconds: number): Promise<void>;
  /** The photo when it exists and belongs to the user; null otherwise (the two are not told apart). */
  findOwned(db: Queryable, userId: string, photoId: string): Promise<PhotoRow | null>;
  /** Forgets the user's photos and answers their storage keys; the objects are the caller's to delete. */
  removeAllOf(tx: PgTx, userId: string): Promise<string[]>;
}

const columns = `id, user_id AS "userId", storage_key AS "storageKey", content_type AS "contentType", bytes, width, height,
  created_at AS "createdAt"`;

export function createPhotosRepository(): PhotosRepository {
  return {
    async add(db, p) {
      await db.query(
        `INSERT INTO quests.photo (id, user_id, storage_key, content_type, bytes, width, height) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [p.id, p.userId, p.storageKey, p.contentType, p.bytes, p.width, p.height],
      );
    },
    async admitUpload(db, userId, perHour) {
      const { rows } = await db.query<{ uploads: number; retryAfter: number }>({
        name: 'quests-photo-admit',
        text: `INSERT INTO quests.photo_upload_window AS w (user_id, window_start, uploads)
               VALUES ($1, date_trunc('hour', now()), 1)
               ON CONFLICT (user_id, window_start) DO UPDATE SET uploads = w.uploads + 1 WHERE w.uploads < $2
               RETURNING uploads`,
        values: [userId, perHour],
      });
      if (rows.length > 0) return null;
      const {
        rows: [left],
      } = await db.query<{ seconds: number }>(
        `SELECT ceil(extract(epoch FROM date_trunc('hour', now()) + interval '1 hour' - now()))::int AS seconds`,
      );
      return left?.seconds ?? 3600;
    },
    async listOf(db, userId) {
      const { rows } = await db.query<PhotoRow>(
        `SELECT ${columns} FROM quests.photo WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      );
      return rows;
    },
    async removeUnattached(db, graceSeconds, lookbackSeconds, limit) {
      const { rows } = await db.query<{ storage_key: string }>(
        `DELETE FROM quests.photo WHERE id IN (
           SELECT p.id FROM quests.photo p
           WHERE p.created_at >= now() - make_interval(secs => $2) AND p.created_at < now() - make_interval(secs => $1)
             AND NOT EXISTS (SELECT 1 FROM quests.todo t WHERE t.proof_photo_id = p.id)
             AND NOT EXISTS (SELECT 1 FROM quests.user_challenge_progress u WHERE u.proof_photo_id = p.id)
             AND NOT EXISTS (SELECT 1 FROM quests.playbook_step s WHERE s.proof_photo_id = p.id)
           ORDER BY p.created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING storage_key`,
        [graceSeconds, lookbackSeconds, limit],
      );
      return rows.map((r) => r.storage_key);
    },
    async removeUploadCountsOlderThan(db, seconds) {
      await db.query('DELETE FROM quests.photo_upload_window WHERE window_start < now() - make_interval(secs => $1)', [
        seconds,
      ]);
    },
    async findOwned(db, userId, photoId) {
      const {
        rows: [row],
      } = await db.query<PhotoRow>({
        name: 'quests-photo-owned',
        text: `SELECT ${columns} FROM quests.photo WHERE id = $1 AND user_id = $2`,
        values: [photoId, userId],
      });
      return row ?? null;
    },
    async removeAllOf(tx, userId) {
      const { rows } = await tx.query<{ storage_key: string }>(
        'DELETE FROM quests.photo WHERE user_id = $1 RETURNING storage_key',
        [userId],
      );
      return rows.map((r) => r.storage_key);
    },
  };
}
