import { randomUUID } from 'node:crypto';
import type { AcceptResult, Deck, Limits, SidequestList, SidequestType, SkipResult } from '@vere/contracts';
import { canSwipe, DECK_SIZE, FRESH_DAYS, limitReachedMessage, todoDue, type SwipeBucket } from '@vere/domain';
import { AppError } from '@vere/service-kit';
import type { UsageRow } from '../repositories/deck-repository';
import { dayContext, limitsBody, withCachedDayContext } from './day-context';
import { deckShapeOf } from './packs';
import type { QuestsDeps } from './deps';
import { todoChanged, toTodoBody } from './todos';

export async function listSidequests(deps: QuestsDeps, type: SidequestType | undefined): Promise<SidequestList> {
  const rows = await deps.deck.list(deps.db, type);
  return { sidequests: rows.map(toCard) };
}

const toCard = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });

/** The user's deck for their local today: never a card swiped today, cards unseen for FRESH_DAYS first. */
export async function dealDeck(deps: QuestsDeps, userId: string, type: SidequestType): Promise<Deck> {
  const [ctx, shape] = await Promise.all([dayContext(deps, userId, deps.clock()), deckShapeOf(deps, userId)]);
  const rows = await deps.deck.deal(deps.db, {
    userId,
    type,
    date: ctx.date,
    freshDays: FRESH_DAYS,
    size: DECK_SIZE,
    favouredTags: shape.tags,
  });
  const reason = shape.reason && {
    dimension: shape.reason.dimension,
    band: shape.reason.band,
    text: shape.reason.text,
  };
  return {
    date: ctx.date,
    shapedBy: reason,
    sidequests: rows.map(({ packId, ...r }) => {
      const pack = packId ? deps.packCatalogue.get(packId) : undefined;
      return { ...toCard(r), ...(pack ? { pack: { id: pack.id, title: pack.title } } : {}) };
    }),
  };
}

export async function getLimits(deps: QuestsDeps, userId: string): Promise<Limits> {
  const ctx = await dayContext(deps, userId, deps.clock());
  return limitsBody(ctx, await deps.deck.usageOf(deps.db, userId, ctx.date));
}

function refuseAlreadySwiped(): never {
  throw new AppError(
    'ALREADY_SWIPED_TODAY',
    'You already swiped this card today. It can come back another day.',
    'sidequestId',
  );
}

function refuseMissing(type: SidequestType | null): never {
  if (type === null) throw new AppError('SIDEQUEST_NOT_FOUND', 'That sidequest does not exist.', 'sidequestId');
  throw new AppError('WEEKEND_CLOSED', 'Weekend sidequests unlock on Friday at 17:00.', 'sidequestId');
}

const bucketUsage = (bucket: SwipeBucket, u: UsageRow) =>
  bucket === 'daily'
    ? { swipes: u.swipes_used, skips: u.skips_used }
    : { swipes: u.weekend_swipes_used, skips: u.weekend_skips_used };

/**
 * Accept: one statement counts the swipe (only while one is left and the card was not swiped
 * today), records the card as seen and adds the to-do, due 24 h later; one statement is atomic by
 * itself, so it runs on the pool, not in a transaction. The day context comes from the cache the
 * statement checks (decision 0061): one round trip while the player row is unchanged. The to-do's
 * quests.todo.changed.v1 (`added`) is written by the same statement, so it commits with the to-do.
 */
export async function acceptSidequest(deps: QuestsDeps, userId: string, sidequestId: string): Promise<AcceptResult> {
  return withCachedDayContext(deps, userId, async (ctx, guard) => {
    const { dueAt, dueDate } = todoDue(ctx.now, ctx.date);
    const todoId = randomUUID();
    const out = await deps.deck.accept(deps.db, {
      userId,
      sidequestId,
      date: ctx.date,
      now: ctx.now,
      maxSwipes: ctx.maxima.maxSwipes,
      weekendOpen: ctx.weekendOpen,
      dueAt,
      dueDate,
      guard,
      todoId,
      todoEvent: todoChanged(userId, todoId, 'added', dueAt),
    });
    if (out.alreadySwiped) refuseAlreadySwiped();
    if (out.stale) return 'stale';
    if (out.sidequestType === null || (out.sidequestType === 'weekend' && !ctx.weekendOpen))
      refuseMissing(out.sidequestType);
    if (!out.usage || !out.todo)
      throw new AppError('SWIPE_LIMIT_REACHED', limitReachedMessage(out.sidequestType, 'swipes'));
    deps.eventsWritten();
    return { todo: toTodoBody(out.todo), limits: limitsBody(ctx, out.usage) };
  });
}

/**
 * Skip: counted (and the card recorded as seen) only while the bucket has a skip and a swipe left
 * and the card was not swiped today; the refusal names which ran out. The same cached context as the accept.
 */
export async function skipSidequest(deps: QuestsDeps, userId: string, sidequestId: string): Promise<SkipResult> {
  return withCachedDayContext(deps, userId, async (ctx, guard) => {
    const out = await deps.deck.skip(deps.db, {
      userId,
      sidequestId,
      date: ctx.date,
      now: ctx.now,
      maxSwipes: ctx.maxima.maxSwipes,
      maxSkips: ctx.maxima.maxSkips,
      weekendOpen: ctx.weekendOpen,
      guard,
    });
    if (out.alreadySwiped) refuseAlreadySwiped();
    if (out.stale) return 'stale';
    if (out.sidequestType === null || (out.sidequestType === 'weekend' && !ctx.weekendOpen))
      refuseMissing(out.sidequestType);
    if (!out.usage) {
      const bucket = out.sidequestType;
      const verdict = canSwipe(
        'skip',
        bucket,
        bucketUsage(bucket, await deps.deck.usageOf(deps.db, userId, ctx.date)),
        { swipes: ctx.maxima.maxSwipes, skips: ctx.maxima.maxSkips },
      );
      const limit = verdict.ok ? 'skips' : verdict.limit;
      throw new AppError(
        limit === 'swipes' ? 'SWIPE_LIMIT_REACHED' : 'SKIP_LIMIT_REACHED',
        limitReachedMessage(bucket, limit),
      );
    }
    return { limits: limitsBody(ctx, out.usage) };
  });
}
