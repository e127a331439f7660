import type { CompleteTodoBody, CompleteTodoResult, Todo, TodoList } from '@vere/contracts';
import { levelProgress } from '@vere/domain';
import { AppError } from '@vere/service-kit';
import type { Clock } from '../clock';
import type { PlayersRepository } from '../repositories/players-repository';
import type { TodoRow, TodosRepository } from '../repositories/todos-repository';
import { awardXp, type AwardOutcome } from '../repositories/xp-repository';
import { dayContext } from './day-context';

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

/** No photo is anyone's: only Text proof completes a to-do. */
export const noPhotos: PhotoProofs = { ownedBy: async () => false };

export interface TodoDeps {
  players: PlayersRepository;
  todos: TodosRepository;
  photos: PhotoProofs;
  clock: Clock;
  /** After a commit that wrote events (the outbox relay publishes them now instead of at its next poll). */
  onEvents: () => void;
}

const iso = (v: Date | string) => new Date(v).toISOString();

export function toTodoBody(t: TodoRow): Todo {
  return {
    id: t.id, sidequestId: t.sidequestId, type: t.type, title: t.title, description: t.description, status: t.status,
    xpReward: t.xpReward, dueDate: t.dueDate, dueAt: iso(t.dueAt), createdAt: iso(t.createdAt),
    completedAt: t.completedAt === null ? null : iso(t.completedAt), proofText: t.proofText, proofPhotoId: t.proofPhotoId,
  };
}

/** The to-do as its owner sees it: with a fresh link to its proof photo, when it has one. */
async function ownerTodoBody(deps: TodoDeps, t: TodoRow): Promise<Todo> {
  const body = toTodoBody(t);
  if (t.proofPhotoId && deps.photos.linkFor) body.proofPhotoUrl = await deps.photos.linkFor(t.proofPhotoId);
  return body;
}

/** Spec §4.1: today's pending and in-progress to-dos, and those completed today, in the user's zone. */
export async function listTodos(deps: TodoDeps, userId: string): Promise<TodoList> {
  const ctx = await dayContext(deps.players, userId, deps.clock());
  const rows = await deps.todos.listForDay(userId, ctx.date);
  const completed = rows.filter((r) => r.status === 'completed' && r.completedDate === ctx.date);
  return {
    pending: await Promise.all(rows.filter((r) => r.status !== 'completed').map((r) => ownerTodoBody(deps, r))),
    completed: await Promise.all(completed.map((r) => ownerTodoBody(deps, r))),
    xpToday: completed.reduce((sum, r) => sum + r.xpReward, 0),
  };
}

const TODO_NOT_FOUND = () => new AppError('TODO_NOT_FOUND', 'Todo not found');

export async function deleteTodo(deps: TodoDeps, userId: string, todoId: string): Promise<void> {
  if (!(await deps.todos.remove(userId, todoId))) throw TODO_NOT_FOUND();
}

/** Spec §5: the three proof modes and their messages. Returns the proof to store. */
async function checkProof(deps: TodoDeps, userId: string, body: CompleteTodoBody): Promise<{ text: string | null; photoId: string | null }> {
  const text = body.proofText?.trim() ? body.proofText.trim() : null;
  const photoId = body.photoId && (await deps.photos.ownedBy(userId, body.photoId)) ? body.photoId : null;
  if (body.proofType === 'text' && !text) throw new AppError('VALIDATION_FAILED', 'Please add a text reflection', 'proofText');
  if (body.proofType === 'photo' && !photoId) throw new AppError('VALIDATION_FAILED', 'Please select a photo', 'photoId');
  if (body.proofType === 'both' && (!text || !photoId)) {
    throw new AppError('VALIDATION_FAILED', 'Please add both text reflection and a photo', text ? 'photoId' : 'proofText');
  }
  return { text: body.proofType === 'photo' ? null : text, photoId: body.proofType === 'text' ? null : photoId };
}

/**
 * Completes the user's to-do with proof and awards its XP once (ledger key `todo:<id>`), in one
 * transaction with the events. A second completion, whether repeated or raced, answers 409.
 */
export async function completeTodo(deps: TodoDeps, userId: string, todoId: string, body: CompleteTodoBody): Promise<CompleteTodoResult> {
  const proof = await checkProof(deps, userId, body);
  const ctx = await dayContext(deps.players, userId, deps.clock());
  const { outcome, after } = await deps.todos.complete<AwardOutcome>(
    { userId, todoId, now: ctx.now, date: ctx.date, proofText: proof.text, proofPhotoId: proof.photoId },
    (tx, todo) => awardXp(tx, { userId, sourceKey: `todo:${todo.id}`, reason: 'todo_completed', amount: todo.xpReward }),
  );
  if (outcome.kind === 'not_found') throw TODO_NOT_FOUND();
  if (outcome.kind === 'already_completed') throw new AppError('TODO_ALREADY_COMPLETED', 'This challenge is already completed.');
  const award = after!;
  if (award.awarded) deps.onEvents();
  const xpAwarded = award.awarded ? outcome.todo.xpReward : 0;
  return {
    todo: await ownerTodoBody(deps, outcome.todo),
    xpAwarded,
    progress: levelProgress(award.totalXp),
    levelUp: award.awarded && award.level > award.previousLevel ? { level: award.level, previousLevel: award.previousLevel } : null,
    message: `Challenge completed! +${xpAwarded} XP earned! 🎉`,
  };
}
