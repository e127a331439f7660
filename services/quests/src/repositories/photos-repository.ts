import type pg from 'pg';
import type { Prisma } from '../generated/prisma/client';

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

export interface PhotosRepository {
  add(photo: Omit<PhotoRow, 'createdAt'>): Promise<void>;
  /**
   * Counts one upload of the user in this clock hour unless `perHour` are counted already, in one
   * statement. Resolves how many seconds remain of the hour when refused, null when admitted.
   */
  admitUpload(userId: string, perHour: number): Promise<number | null>;
  /** The user's photos, oldest first (their data export). */
  listOf(userId: string): Promise<PhotoRow[]>;
  /**
   * Forgets up to `limit` photos uploaded between `lookbackSeconds` and `graceSeconds` ago (the
   * database's clock, which stamped them) that no to-do or weekly completion refers to, and answers
   * their storage keys (the objects are the caller's to delete). Also drops upload counts older
   * than a day.
   */
  removeUnattached(graceSeconds: number, lookbackSeconds: number, limit: number): Promise<string[]>;
  /** The photo when it exists and belongs to the user; null otherwise (the two are not told apart). */
  findOwned(userId: string, photoId: string): Promise<PhotoRow | null>;
}

const columns = `id, user_id AS "userId", storage_key AS "storageKey", content_type AS "contentType", bytes, width, height,
  created_at AS "createdAt"`;

export function createPhotosRepository(pool: pg.Pool): PhotosRepository {
  return {
    async add(p) {
      await pool.query(
        `INSERT INTO quests.photo (id, user_id, storage_key, content_type, bytes, width, height) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [p.id, p.userId, p.storageKey, p.contentType, p.bytes, p.width, p.height],
      );
    },
    async admitUpload(userId, perHour) {
      const { rows } = await pool.query<{ uploads: number; retryAfter: number }>({
        name: 'quests-photo-admit',
        text: `INSERT INTO quests.photo_upload_window AS w (user_id, window_start, uploads)
               VALUES ($1, date_trunc('hour', now()), 1)
               ON CONFLICT (user_id, window_start) DO UPDATE SET uploads = w.uploads + 1 WHERE w.uploads < $2
               RETURNING uploads`,
        values: [userId, perHour],
      });
      if (rows.length > 0) return null;
      const { rows: [left] } = await pool.query<{ seconds: number }>(
        `SELECT ceil(extract(epoch FROM date_trunc('hour', now()) + interval '1 hour' - now()))::int AS seconds`,
      );
      return left?.seconds ?? 3600;
    },
    async listOf(userId) {
      const { rows } = await pool.query<PhotoRow>(`SELECT ${columns} FROM quests.photo WHERE user_id = $1 ORDER BY created_at`, [userId]);
      return rows;
    },
    async removeUnattached(graceSeconds, lookbackSeconds, limit) {
      const { rows } = await pool.query<{ storage_key: string }>(
        `DELETE FROM quests.photo WHERE id IN (
           SELECT p.id FROM quests.photo p
           WHERE p.created_at >= now() - make_interval(secs => $2) AND p.created_at < now() - make_interval(secs => $1)
             AND NOT EXISTS (SELECT 1 FROM quests.todo t WHERE t.proof_photo_id = p.id)
             AND NOT EXISTS (SELECT 1 FROM quests.user_challenge_progress u WHERE u.proof_photo_id = p.id)
           ORDER BY p.created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING storage_key`,
        [graceSeconds, lookbackSeconds, limit],
      );
      await pool.query(`DELETE FROM quests.photo_upload_window WHERE window_start < now() - interval '1 day'`);
      return rows.map((r) => r.storage_key);
    },
    async findOwned(userId, photoId) {
      const { rows: [row] } = await pool.query<PhotoRow>({
        name: 'quests-photo-owned',
        text: `SELECT ${columns} FROM quests.photo WHERE id = $1 AND user_id = $2`,
        values: [photoId, userId],
      });
      return row ?? null;
    },
  };
}

/** Forgets the user's photos (account deletion) and answers their storage keys; the objects are the caller's to delete. */
export async function removePhotosOf(tx: Prisma.TransactionClient, userId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ storage_key: string }[]>`DELETE FROM quests.photo WHERE user_id = ${userId}::uuid RETURNING storage_key`;
  return rows.map((r) => r.storage_key);
}
