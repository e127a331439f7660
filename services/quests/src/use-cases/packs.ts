import {
  PackCompleted,
  type BadgeList,
  type DeckShaping,
  type PackDetail,
  type PackList,
  type PackSummary,
  type ProStats,
  type QuestsExport,
  type Recommendations,
} from '@vere/contracts';
import {
  CATEGORY_TAGS,
  PACK_COMPLETION_XP,
  PLAYBOOK_TAGS,
  bestMatch,
  packAccess,
  shapeFromResults,
  type DeckShape,
} from '@vere/domain';
import { AppError, newEvent, writeOutbox, type PgTx } from '@vere/service-kit';
import { dareId, type PackDefinition } from '../pack-catalogue';
import type { PlayerPackRow } from '../repositories/packs-repository';
import { dayContext, type DayContext } from './day-context';
import type { QuestsDeps } from './deps';
import { awardXp } from './xp';

/** When pack dares say they were created (they sort after the catalogue's own cards). */
const DARES_CREATED_AT = new Date('2026-11-28T00:00:00Z');

/**
 * At start: every pack dare becomes (or is brought up to date as) an ordinary daily sidequest row,
 * and catalogue cards without tags get their category's. Idempotent, safe on every replica at once.
 */
export async function seedPackDares(deps: Pick<QuestsDeps, 'db' | 'packs' | 'packCatalogue'>): Promise<void> {
  const dares = deps.packCatalogue.packs.flatMap((p) =>
    p.dares.map((d, i) => ({
      id: dareId(p.id, i + 1),
      packId: p.id,
      position: i + 1,
      category: p.category,
      title: d.title,
      description: d.description,
      duration: d.duration,
      xp: d.xp,
      bgColor: p.cover.color,
      bgColor2: p.cover.color2,
      tags: p.tags,
    })),
  );
  await deps.packs.upsertDares(deps.db, dares, DARES_CREATED_AT);
  await deps.packs.fillCatalogueTags(deps.db, CATEGORY_TAGS);
}

const badgeId = (packId: string) => `pack:${packId}`;

function summarize(def: PackDefinition, ctx: DayContext, row: PlayerPackRow | undefined): PackSummary {
  const access = packAccess(def, ctx);
  return {
    id: def.id,
    title: def.title,
    tagline: def.tagline,
    cover: { icon: def.cover.icon, color: def.cover.color },
    tags: def.tags,
    proOnly: def.proOnly,
    unlockLevel: def.unlockLevel,
    advanced: def.unlockLevel > 1,
    dareCount: def.dares.length,
    done: Math.min(row?.done ?? 0, def.dares.length),
    added: row !== undefined,
    completedAt: row?.completedAt?.toISOString() ?? null,
    access: access.ok ? 'open' : access.code === 'PACK_PRO_ONLY' ? 'pro' : 'level',
    completionXp: PACK_COMPLETION_XP,
  };
}

async function packsFor(deps: QuestsDeps, userId: string) {
  const [ctx, rows] = await Promise.all([
    dayContext(deps, userId, deps.clock()),
    deps.packs.playerPacks(deps.db, userId),
  ]);
  const byId = new Map(rows.map((r) => [r.packId, r]));
  return { ctx, summaries: deps.packCatalogue.packs.map((def) => summarize(def, ctx, byId.get(def.id))) };
}

/** Every pack with the caller's access and progress; `proOnly` narrows to Pro packs (/pro/challenges). */
export async function listPacks(deps: QuestsDeps, userId: string, proOnly = false): Promise<PackList> {
  const { summaries } = await packsFor(deps, userId);
  return { packs: proOnly ? summaries.filter((p) => p.proOnly) : summaries };
}

const PACK_NOT_FOUND = () => new AppError('PACK_NOT_FOUND', 'That pack does not exist.', 'packId');

export async function getPack(deps: QuestsDeps, userId: string, packId: string): Promise<PackDetail> {
  const def = deps.packCatalogue.get(packId);
  if (!def) throw PACK_NOT_FOUND();
  const [{ summaries }, done] = await Promise.all([
    packsFor(deps, userId),
    deps.packs.doneDares(deps.db, userId, packId),
  ]);
  const doneIds = new Set(done);
  return {
    pack: summaries.find((p) => p.id === packId)!,
    dares: def.dares.map((d, i) => {
      const id = dareId(def.id, i + 1);
      return { id, title: d.title, description: d.description, duration: d.duration, xp: d.xp, done: doneIds.has(id) };
    }),
  };
}

/**
 * Adds a pack's dares to the front of the player's deck (within the same daily limits: they are
 * accepted like any card). Refused on the server to a free player for a Pro pack (403
 * PACK_PRO_ONLY) and below an advanced pack's level without Pro (403 PACK_LOCKED).
 */
export async function addPack(deps: QuestsDeps, userId: string, packId: string): Promise<PackSummary> {
  const def = deps.packCatalogue.get(packId);
  if (!def) throw PACK_NOT_FOUND();
  const ctx = await dayContext(deps, userId, deps.clock());
  const access = packAccess(def, ctx);
  if (!access.ok) throw new AppError(access.code, access.message, 'packId');
  await deps.packs.add(deps.db, userId, packId, ctx.now);
  return (await listPacks(deps, userId)).packs.find((p) => p.id === packId)!;
}

/**
 * Inside a to-do's completion: when its card is a dare of a pack the player added, records it;
 * the last dare completes the pack, with its badge and PACK_COMPLETION_XP through the ledger
 * (`pack:<user>:<pack>`), once. The player's pack row is locked first, so parallel completions of
 * the pack's dares count one at a time and exactly one of them sees the pack finished.
 */
export async function recordPackDare(
  deps: QuestsDeps,
  tx: PgTx,
  userId: string,
  sidequestId: string | null,
  now: Date,
): Promise<{ packId: string; title: string; bonusXp: number } | undefined> {
  if (!sidequestId) return undefined;
  const pack = await deps.packs.lockPackOfDare(tx, userId, sidequestId);
  if (!pack) return undefined;
  const def = deps.packCatalogue.get(pack.packId);
  const done = await deps.packs.markDareDone(tx, userId, pack.packId, sidequestId, now);
  if (!def || pack.completedAt !== null || done < def.dares.length) return undefined;
  if (!(await deps.packs.markPackCompleted(tx, userId, pack.packId, now))) return undefined;
  await deps.packs.awardBadge(tx, userId, badgeId(pack.packId), now);
  const award = await awardXp(deps, tx, {
    userId,
    sourceKey: `pack:${userId}:${pack.packId}`,
    reason: 'pack_completed',
    amount: PACK_COMPLETION_XP,
  });
  const bonusXp = award.awarded ? PACK_COMPLETION_XP : 0;
  await writeOutbox(
    tx,
    newEvent(PackCompleted.subject, userId, { packId: def.id, title: def.title, badgeId: badgeId(def.id), bonusXp }),
  );
  return { packId: def.id, title: def.title, bonusXp };
}

export async function listBadges(deps: QuestsDeps, userId: string): Promise<BadgeList> {
  const rows = await deps.packs.badgesOf(deps.db, userId);
  return {
    badges: rows.map((b) => ({
      id: b.badgeId,
      title: `${deps.packCatalogue.get(b.badgeId.replace(/^pack:/, ''))?.title ?? b.badgeId} finished`,
      awardedAt: b.awardedAt.toISOString(),
    })),
  };
}

/** What shapes the player's deck: their newest results, unless they turned it off. */
export async function deckShapeOf(deps: QuestsDeps, userId: string): Promise<DeckShape & { enabled: boolean }> {
  const setting = await deps.packs.settingOf(deps.db, userId);
  const enabled = setting?.enabled ?? true;
  if (!enabled) return { enabled, tags: [], reason: null };
  return { enabled, ...shapeFromResults(await deps.packs.latestResults(deps.db, userId)) };
}

/** One pack and one playbook for the player's strongest result, with the reason. */
export async function getRecommendations(deps: QuestsDeps, userId: string): Promise<Recommendations> {
  const shape = await deckShapeOf(deps, userId);
  if (!shape.reason) return { enabled: shape.enabled, reason: null, pack: null, playbook: null };
  const { summaries } = await packsFor(deps, userId);
  const pack =
    bestMatch(
      summaries.filter((p) => p.access === 'open' && p.completedAt === null),
      shape.tags,
    ) ?? null;
  const playbook = bestMatch(
    deps.playbookCatalogue.published.map((p) => ({ def: p, tags: PLAYBOOK_TAGS[p.id] ?? [] })),
    shape.tags,
  )?.def;
  const { dimension, band, text } = shape.reason;
  return {
    enabled: true,
    reason: { dimension, band, text },
    pack,
    playbook: playbook
      ? { id: playbook.id, title: playbook.title, promise: playbook.promise, cover: playbook.cover }
      : null,
  };
}

export async function setDeckShaping(deps: QuestsDeps, userId: string, enabled: boolean): Promise<DeckShaping> {
  await deps.packs.setSetting(deps.db, userId, enabled, deps.clock());
  return { enabled };
}

/** The Pro hub's numbers (Pro-only is the page's guard; the numbers are the caller's own either way). */
export async function getProStats(deps: QuestsDeps, userId: string): Promise<ProStats> {
  const ctx = await dayContext(deps, userId, deps.clock());
  const [usage, stats, packs, badges] = await Promise.all([
    deps.deck.usageOf(deps.db, userId, ctx.date),
    deps.packs.proStatsOf(deps.db, userId),
    deps.packs.playerPacks(deps.db, userId),
    deps.packs.badgesOf(deps.db, userId),
  ]);
  return {
    proSince: ctx.isPro ? (stats.proSince?.toISOString() ?? null) : null,
    swipesToday: usage.swipes_used,
    maxSwipes: ctx.maxima.maxSwipes,
    swipesAllTime: stats.swipesAllTime,
    packsAdded: packs.length,
    packsCompleted: packs.filter((p) => p.completedAt !== null).length,
    badges: badges.length,
  };
}

/** "Your data": packs with the dares done, badges, and the deck-shaping setting. */
export async function exportPacks(
  deps: QuestsDeps,
  userId: string,
): Promise<Pick<QuestsExport, 'packs' | 'badges' | 'deckShaping'>> {
  const [packs, dares, badges, setting] = await Promise.all([
    deps.packs.playerPacks(deps.db, userId),
    deps.packs.doneDaresOf(deps.db, userId),
    deps.packs.badgesOf(deps.db, userId),
    deps.packs.settingOf(deps.db, userId),
  ]);
  return {
    packs: packs.map((p) => ({
      packId: p.packId,
      addedAt: p.addedAt.toISOString(),
      completedAt: p.completedAt?.toISOString() ?? null,
      daresDone: dares
        .filter((d) => d.packId === p.packId)
        .map((d) => ({ title: d.title, doneAt: d.doneAt.toISOString() })),
    })),
    badges: badges.map((b) => ({ badgeId: b.badgeId, awardedAt: b.awardedAt.toISOString() })),
    deckShaping: { enabled: setting?.enabled ?? true, updatedAt: setting?.updatedAt.toISOString() ?? null },
  };
}

/** Effect of identity.user.deleted.v1: pack progress, badges and the setting go. */
export async function erasePacks(deps: QuestsDeps, tx: PgTx, userId: string): Promise<void> {
  await deps.packs.erase(tx, userId);
}
