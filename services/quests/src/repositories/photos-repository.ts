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
