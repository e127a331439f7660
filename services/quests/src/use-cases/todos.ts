import { TodoChanged, type CompleteTodoBody, type CompleteTodoResult, type Todo, type TodoList } from '@vere/contracts';
import { levelForXP, levelProgress, proofProblem } from '@vere/domain';
import { AppError, newEvent, writeOutbox } from '@vere/service-kit';
import type { TodoRow } from '../repositories/todos-repository';
import { dayContext } from './day-context';
import type { QuestsDeps } from './deps';
import { recordPackDare } from './packs';
import { awardXp } from './xp';

const iso = (v: Date | string) => new Date(v).toISOString();

export function toTodoBody(t: TodoRow): Todo {
  return {
    id: t.id,
    sidequestId: t.sidequestId,
    type: t.type,
    title: t.title,
    description: t.description,
    status: t.status,
    xpReward: t.xpReward,
    dueDate: t.dueDate,
    dueAt: iso(t.dueAt),
    createdAt: iso(t.createdAt),
    completedAt: t.completedAt === null ? null : iso(t.completedAt),
    proofText: t.proofText,
    proofPhotoId: t.proofPhotoId,
  };
}

/** The to-do as its owner sees it: with a fresh link to its proof photo, when it has one. */
async function ownerTodoBody(deps: QuestsDeps, t: TodoRow): Promise<Todo> {
  const body = toTodoBody(t);
  if (t.proofPhotoId && deps.proofs.linkFor) body.proofPhotoUrl = await deps.proofs.linkFor(t.proofPhotoId);
  return body;
}

/** Spec §4.1: today's pending and in-progress to-dos, and those completed today, in the user's zone. */
export async function listTodos(deps: QuestsDeps, userId: string): Promise<TodoList> {
  const ctx = await dayContext(deps, userId, deps.clock());
  const rows = await deps.todos.listForDay(deps.db, userId, ctx.date);
  const completed = rows.filter((r) => r.status === 'completed' && r.completedDate === ctx.date);
  return {
    pending: await Promise.all(rows.filter((r) => r.status !== 'completed').map((r) => ownerTodoBody(deps, r))),
    completed: await Promise.all(completed.map((r) => ownerTodoBody(deps, r))),
    xpToday: completed.reduce((sum, r) => sum + r.xpReward, 0),
  };
}

/** quests.todo.changed.v1 for one to-do (identity's challenge reminder reads open to-dos from it). */
export const todoChanged = (
  userId: string,
  todoId: string,
  change: 'added' | 'completed' | 'removed',
  dueAt: Date | string,
) => newEvent(TodoChanged.subject, userId, { todoId, change, dueAt: new Date(dueAt).toISOString() });

const TODO_NOT_FOUND = () => new AppError('TODO_NOT_FOUND', 'Todo not found');

export async function deleteTodo(deps: QuestsDeps, userId: string, todoId: string): Promise<void> {
  await deps.transaction(async (tx) => {
    const found = await deps.todos.lockOwned(tx, userId, todoId);
    if (!found || !(await deps.todos.remove(tx, userId, todoId))) throw TODO_NOT_FOUND();
    await writeOutbox(tx, todoChanged(userId, todoId, 'removed', found.dueAt));
  });
}

/** Spec §5: the three proof modes and their messages. Returns the proof to store. */
async function checkProof(
  deps: QuestsDeps,
  userId: string,
  body: CompleteTodoBody,
): Promise<{ text: string | null; photoId: string | null }> {
  const text = body.proofText?.trim() ? body.proofText.trim() : null;
  const photoId = body.photoId && (await deps.proofs.ownedBy(userId, body.photoId)) ? body.photoId : null;
  const problem = proofProblem(body.proofType, text !== null, photoId !== null);
  if (problem) throw new AppError('VALIDATION_FAILED', problem.message, problem.field);
  return { text: body.proofType === 'photo' ? null : text, photoId: body.proofType === 'text' ? null : photoId };
}

/**
 * Completes the user's to-do with proof and awards its XP once (ledger key `todo:<id>`), in one
 * transaction with the events. The row is locked first, so of concurrent completions one completes
 * and the others see it completed: a second completion, whether repeated or raced, answers 409.
 */
export async function completeTodo(
  deps: QuestsDeps,
  userId: string,
  todoId: string,
  body: CompleteTodoBody,
): Promise<CompleteTodoResult> {
  const proof = await checkProof(deps, userId, body);
  const ctx = await dayContext(deps, userId, deps.clock());
  const { todo, award, pack } = await deps.transaction(async (tx) => {
    const found = await deps.todos.lockOwned(tx, userId, todoId);
    if (!found) throw TODO_NOT_FOUND();
    if (found.status === 'completed')
      throw new AppError('TODO_ALREADY_COMPLETED', 'This challenge is already completed.');
    const completed = await deps.todos.markCompleted(tx, {
      userId,
      todoId,
      now: ctx.now,
      date: ctx.date,
      proofText: proof.text,
      proofPhotoId: proof.photoId,
    });
    const todoAward = await awardXp(deps, tx, {
      userId,
      sourceKey: `todo:${completed.id}`,
      reason: 'todo_completed',
      amount: completed.xpReward,
    });
    // A pack's last dare finishes the pack: its badge and bonus, once (decision 0051).
    const packDone = await recordPackDare(deps, tx, userId, completed.sidequestId, ctx.now);
    const total = packDone?.bonusXp ? ((await deps.players.totalXpOf(tx, userId)) ?? todoAward.totalXp) : undefined;
    await writeOutbox(tx, todoChanged(userId, completed.id, 'completed', completed.dueAt));
    return {
      todo: completed,
      award:
        total !== undefined && todoAward.awarded
          ? { ...todoAward, totalXp: total, level: levelForXP(total) }
          : todoAward,
      pack: packDone,
    };
  });
  const xpAwarded = award.awarded ? todo.xpReward : 0;
  return {
    ...(pack ? { packCompleted: pack } : {}),
    todo: await ownerTodoBody(deps, todo),
    xpAwarded,
    progress: levelProgress(award.totalXp),
    levelUp:
      award.awarded && award.level > award.previousLevel
        ? { level: award.level, previousLevel: award.previousLevel }
        : null,
    message: `Challenge completed! +${xpAwarded} XP earned! 🎉`,
  };
}
