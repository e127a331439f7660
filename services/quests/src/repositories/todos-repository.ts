import type { PgTx, Queryable } from '@vere/service-kit';

/** A to-do as stored; timestamps may come back as ISO strings when read through row_to_json. */
export interface TodoRow {
  id: string;
  userId: string;
  sidequestId: string | null;
  type: 'daily_sidequest' | 'weekend_sidequest';
  title: string;
  description: string;
  status: 'pending' | 'in_progress' | 'completed';
  xpReward: number;
  createdAt: Date | string;
  /** YYYY-MM-DD */
  createdDate: string;
  dueAt: Date | string;
  dueDate: string;
  completedAt: Date | string | null;
  completedDate: string | null;
  proofText: string | null;
  proofPhotoId: string | null;
}

/** Dates as text: the user's local calendar dates, never shifted by the server's zone. */
export const todoColumns = `id, user_id AS "userId", sidequest_id AS "sidequestId", type, title, description, status,
  xp_reward AS "xpReward", created_at AS "createdAt", created_date::text AS "createdDate", due_at AS "dueAt",
  due_date::text AS "dueDate", completed_at AS "completedAt", completed_date::text AS "completedDate",
  proof_text AS "proofText", proof_photo_id AS "proofPhotoId"`;

export interface Completion {
  userId: string;
  todoId: string;
  now: Date;
  /** The user's local date now. */
  date: string;
  proofText: string | null;
  proofPhotoId: string | null;
}

/** To-dos: data access only (rules in use-cases/todos.ts and use-cases/daily-reset.ts). */
export interface TodosRepository {
  /** The user's to-dos created on `date` that are open, and those completed that day (local dates), newest first. */
  listForDay(db: Queryable, userId: string, date: string): Promise<TodoRow[]>;
  /** Deletes the user's to-do; false when they have none with that id. */
  remove(db: Queryable, userId: string, todoId: string): Promise<boolean>;
  /** The user's to-do, locked until the transaction ends (concurrent completions queue on it); undefined when they have none with that id. */
  lockOwned(tx: PgTx, userId: string, todoId: string): Promise<TodoRow | undefined>;
  /** Stores the completion and its proof; answers the completed row. */
  markCompleted(tx: PgTx, completion: Completion): Promise<TodoRow>;
  /** Removes pending to-dos due on or before `date` of users in `timeZone`; answers how many. */
  removeExpired(tx: PgTx, timeZone: string, date: string): Promise<number>;
}

export function createTodosRepository(): TodosRepository {
  return {
    async listForDay(db, userId, date) {
      const { rows } = await db.query<TodoRow>({
        name: 'quests-todos-for-day',
        text: `SELECT ${todoColumns} FROM quests.todo
               WHERE user_id = $1 AND ((created_date = $2::date AND status IN ('pending', 'in_progress')) OR completed_date = $2::date)
               ORDER BY created_at DESC, id`,
        values: [userId, date],
      });
      return rows;
    },
    async remove(db, userId, todoId) {
      const { rowCount } = await db.query('DELETE FROM quests.todo WHERE id = $1 AND user_id = $2', [todoId, userId]);
      return rowCount === 1;
    },
    async lockOwned(tx, userId, todoId) {
      const { rows } = await tx.query<TodoRow>(
        `SELECT ${todoColumns} FROM quests.todo WHERE id = $1 AND user_id = $2 FOR UPDATE`,
        [todoId, userId],
      );
      return rows[0];
    },
    async markCompleted(tx, c) {
      const { rows } = await tx.query<TodoRow>(
        `UPDATE quests.todo SET status = 'completed', completed_at = $3, completed_date = $4::date, proof_text = $5,
           proof_photo_id = $6, updated_at = $3
         WHERE id = $1 AND user_id = $2 RETURNING ${todoColumns}`,
        [c.todoId, c.userId, c.now, c.date, c.proofText, c.proofPhotoId],
      );
      return rows[0]!;
    },
    async removeExpired(tx, timeZone, date) {
      const { rowCount } = await tx.query(
        `DELETE FROM quests.todo t USING quests.player p
         WHERE p.user_id = t.user_id AND p.time_zone = $1 AND t.status = 'pending' AND t.due_date <= $2::date`,
        [timeZone, date],
      );
      return rowCount ?? 0;
    },
  };
}
