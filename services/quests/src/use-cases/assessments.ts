import { randomUUID } from 'node:crypto';
import type {
  AssessmentDashboard,
  AssessmentDetail,
  AssessmentList,
  AssessmentResult,
  AssessmentSummary,
  FriendsView,
  InviteRatersBody,
  InvitedRaters,
  QuestsExport,
  RaterCandidates,
  RatingRequest,
  RatingRequestDetail,
  RatingRequestList,
  SavedAnswers,
} from '@vere/contracts';
import {
  ASSESSMENT_SCORING_VERSION,
  assessmentAccess,
  FRIEND_RATINGS_FLOOR,
  isProAssessment,
  RATEABLE_ASSESSMENTS,
  scoreAnswers,
  scoreBand,
  type AssessmentId,
} from '@vere/domain';
import { AppError } from '@vere/service-kit';
import type { AssessmentDefinition } from '../assessment-catalogue';
import type {
  Answers,
  AssessmentDraftRow,
  AssessmentResultRow,
  RatingRow,
} from '../repositories/assessments-repository';
import { dayContext } from './day-context';
import type { QuestsDeps } from './deps';

const NOT_FOUND = () => new AppError('ASSESSMENT_NOT_FOUND', 'Assessment not found');
const PRO_ONLY = () => new AppError('ASSESSMENT_PRO_ONLY', 'This assessment is part of Pro.');
const RESULT_NOT_FOUND = () => new AppError('ASSESSMENT_RESULT_NOT_FOUND', 'Result not found');
const REQUEST_NOT_FOUND = () => new AppError('RATING_REQUEST_NOT_FOUND', 'Rating request not found');

const isRateable = (id: AssessmentId) => RATEABLE_ASSESSMENTS.includes(id);

/** The assessment, if the caller may open it now (Pro checked at this instant from the read model). */
async function openable(deps: QuestsDeps, userId: string, id: string) {
  const def = deps.assessmentCatalogue.latest(id);
  if (!def) throw NOT_FOUND();
  const ctx = await dayContext(deps, userId, deps.clock());
  if (assessmentAccess({ id: def.id, isPro: ctx.isPro }) !== 'open') throw PRO_ONLY();
  return { def, ctx };
}

/** The version a draft is pinned to, else the newest. */
function definitionFor(deps: QuestsDeps, id: string, draft: AssessmentDraftRow | undefined) {
  const latest = deps.assessmentCatalogue.latest(id)!;
  return draft ? (deps.assessmentCatalogue.version(id, draft.version) ?? latest) : latest;
}

/** Refuses an answer to an item the version does not have. */
function checkItems(def: AssessmentDefinition, answers: Answers) {
  const ids = new Set(def.items.map((i) => i.id));
  const unknown = Object.keys(answers).find((k) => !ids.has(k));
  if (unknown !== undefined) throw new AppError('ASSESSMENT_UNKNOWN_ITEM', `No item "${unknown}" in this assessment.`);
}

function summarize(
  def: AssessmentDefinition,
  isPro: boolean,
  draft: AssessmentDraftRow | undefined,
  takes: AssessmentResultRow[],
): AssessmentSummary {
  const last = takes.at(-1);
  return {
    id: def.id,
    version: def.version,
    title: def.title,
    summary: def.summary,
    minutes: def.minutes,
    itemCount: def.items.length,
    pro: isProAssessment(def.id),
    access: assessmentAccess({ id: def.id, isPro }),
    state: draft ? 'in_progress' : last ? 'completed' : 'new',
    answered: draft ? Object.keys(draft.answers).length : 0,
    lastCompletedAt: last ? last.completedAt.toISOString() : null,
    rateable: isRateable(def.id),
  };
}

/** Every assessment with the caller's state. */
export async function listAssessments(deps: QuestsDeps, userId: string): Promise<AssessmentList> {
  const ctx = await dayContext(deps, userId, deps.clock());
  const [drafts, results] = await Promise.all([
    deps.assessments.drafts(deps.db, userId),
    deps.assessments.results(deps.db, userId),
  ]);
  return {
    isPro: ctx.isPro,
    assessments: deps.assessmentCatalogue.published.map((def) =>
      summarize(
        def,
        ctx.isPro,
        drafts.find((d) => d.assessmentId === def.id),
        results.filter((r) => r.assessmentId === def.id),
      ),
    ),
  };
}

/** One assessment's intro and items, with the caller's saved answers (never anyone else's). */
export async function getAssessment(deps: QuestsDeps, userId: string, id: string): Promise<AssessmentDetail> {
  const { ctx } = await openable(deps, userId, id);
  const [drafts, results] = await Promise.all([
    deps.assessments.drafts(deps.db, userId),
    deps.assessments.results(deps.db, userId),
  ]);
  const draft = drafts.find((d) => d.assessmentId === id);
  const def = definitionFor(deps, id, draft);
  const takes = results.filter((r) => r.assessmentId === id);
  return {
    ...summarize(def, ctx.isPro, draft, takes),
    description: def.description,
    source: def.source,
    dimensions: def.dimensions.map(({ key, name, description }) => ({ key, name, description })),
    items: def.items.map(({ id: itemId, text }) => ({ id: itemId, text })),
    answers: draft?.answers ?? {},
    latestResultId: takes.at(-1)?.id ?? null,
  };
}

/** Saves answers as the player goes (resume where they left). */
export async function saveAnswers(
  deps: QuestsDeps,
  userId: string,
  id: string,
  answers: Answers,
): Promise<SavedAnswers> {
  await openable(deps, userId, id);
  return deps.transaction(async (tx) => {
    const draft = await deps.assessments.lockDraft(tx, userId, id);
    const def = definitionFor(deps, id, draft);
    checkItems(def, answers);
    const merged = await deps.assessments.mergeDraft(tx, userId, id, def.version, answers, deps.clock());
    return { answered: Object.keys(merged).length, total: def.items.length };
  });
}

function dimensionsOf(
  def: AssessmentDefinition,
  scores: Record<string, number>,
  previous: Record<string, number> | undefined,
): AssessmentResult['dimensions'] {
  return def.dimensions.map((d) => {
    const score = scores[d.key] ?? 0;
    const band = scoreBand(score);
    const before = previous?.[d.key];
    return {
      key: d.key,
      name: d.name,
      description: d.description,
      score,
      band,
      reading: d.bands[band],
      change: before === undefined ? null : score - before,
    };
  });
}

function resultBody(
  deps: QuestsDeps,
  row: AssessmentResultRow,
  previous: AssessmentResultRow | undefined,
): AssessmentResult {
  const def =
    deps.assessmentCatalogue.version(row.assessmentId, row.assessmentVersion) ??
    deps.assessmentCatalogue.latest(row.assessmentId)!;
  return {
    id: row.id,
    assessmentId: def.id,
    title: def.title,
    assessmentVersion: row.assessmentVersion,
    scoringVersion: row.scoringVersion,
    completedAt: row.completedAt.toISOString(),
    dimensions: dimensionsOf(def, row.scores, previous?.scores),
  };
}

/** Submits a take: the server scores every dimension (reverse keys included) and keeps the raw answers. */
export async function submitAssessment(
  deps: QuestsDeps,
  userId: string,
  id: string,
  last: Answers | undefined,
): Promise<AssessmentResult> {
  await openable(deps, userId, id);
  const row = await deps.transaction(async (tx) => {
    const draft = await deps.assessments.lockDraft(tx, userId, id);
    const def = definitionFor(deps, id, draft);
    const answers = { ...(draft?.answers ?? {}), ...(last ?? {}) };
    checkItems(def, answers);
    const missing = def.items.filter((i) => answers[i.id] === undefined).length;
    if (missing > 0)
      throw new AppError('ASSESSMENT_INCOMPLETE', `${missing} question${missing === 1 ? '' : 's'} still to answer.`);
    const result: AssessmentResultRow = {
      id: randomUUID(),
      assessmentId: id,
      assessmentVersion: def.version,
      scoringVersion: ASSESSMENT_SCORING_VERSION,
      answers,
      scores: scoreAnswers(
        def.dimensions.map((d) => d.key),
        def.items,
        answers,
      ),
      completedAt: deps.clock(),
    };
    await deps.assessments.addResult(tx, userId, result);
    if (draft) await deps.assessments.deleteDraft(tx, userId, id);
    return result;
  });
  const takes = (await deps.assessments.results(deps.db, userId)).filter((r) => r.assessmentId === id);
  const at = takes.findIndex((t) => t.id === row.id);
  return resultBody(deps, row, at > 0 ? takes[at - 1] : undefined);
}

/** One of the caller's own takes; another player's result is "not found". */
export async function getResult(deps: QuestsDeps, userId: string, resultId: string): Promise<AssessmentResult> {
  const results = await deps.assessments.results(deps.db, userId);
  const at = results.findIndex((r) => r.id === resultId);
  if (at === -1) throw RESULT_NOT_FOUND();
  const row = results[at]!;
  const previous = results.slice(0, at).findLast((r) => r.assessmentId === row.assessmentId);
  return resultBody(deps, row, previous);
}

/** Averages over friends' ratings, from the floor up; nothing at all below it. */
async function friendsView(
  deps: QuestsDeps,
  userId: string,
  def: AssessmentDefinition,
  self: Record<string, number> | undefined,
): Promise<FriendsView> {
  const ratings = await deps.assessments.receivedScores(deps.db, userId, def.id);
  if (ratings.length < FRIEND_RATINGS_FLOOR) return { ready: false };
  return {
    ready: true,
    ratings: ratings.length,
    dimensions: def.dimensions.map((d) => ({
      key: d.key,
      name: d.name,
      self: self?.[d.key] ?? null,
      friends: Math.round(ratings.reduce((sum, r) => sum + (r[d.key] ?? 0), 0) / ratings.length),
    })),
  };
}

/** Every assessment the caller has taken: the takes over time, the latest with the change since the one before. */
export async function getDashboard(deps: QuestsDeps, userId: string): Promise<AssessmentDashboard> {
  const results = await deps.assessments.results(deps.db, userId);
  const out: AssessmentDashboard['assessments'] = [];
  for (const def of deps.assessmentCatalogue.published) {
    const takes = results.filter((r) => r.assessmentId === def.id);
    const latest = takes.at(-1);
    if (!latest) continue;
    out.push({
      id: def.id,
      title: def.title,
      pro: isProAssessment(def.id),
      rateable: isRateable(def.id),
      takes: takes.map((t) => ({ resultId: t.id, completedAt: t.completedAt.toISOString(), scores: t.scores })),
      latest: resultBody(deps, latest, takes.at(-2)),
      ...(isRateable(def.id) ? { friends: await friendsView(deps, userId, def, latest.scores) } : {}),
    });
  }
  return { assessments: out };
}

function rateable(deps: QuestsDeps, id: string): AssessmentDefinition {
  const def = deps.assessmentCatalogue.latest(id);
  if (!def) throw NOT_FOUND();
  if (!isRateable(def.id)) throw new AppError('ASSESSMENT_NOT_RATEABLE', 'Friends cannot rate this assessment.');
  return def;
}

/** The caller's friends, to choose whom to ask. */
export async function raterCandidates(deps: QuestsDeps, userId: string, id: string): Promise<RaterCandidates> {
  const def = rateable(deps, id);
  return { friends: await deps.assessments.friendsToAsk(deps.db, userId, def.id) };
}

/** Asks friends to rate the caller; only friends, each once per assessment. */
export async function inviteRaters(
  deps: QuestsDeps,
  userId: string,
  id: string,
  body: InviteRatersBody,
): Promise<InvitedRaters> {
  const def = rateable(deps, id);
  const friends = await deps.assessments.friendsAmong(deps.db, userId, body.friendIds);
  if (body.friendIds.some((f) => !friends.has(f)))
    throw new AppError('NOT_FRIENDS', 'You can only ask your friends to rate you.');
  const at = deps.clock();
  const invited = await deps.transaction((tx) =>
    deps.assessments.invite(
      tx,
      body.friendIds.map((raterId) => ({
        id: randomUUID(),
        rateeId: userId,
        raterId,
        assessmentId: def.id,
        version: def.version,
        at,
      })),
    ),
  );
  return { invited };
}

function requestBody(deps: QuestsDeps, row: RatingRow): RatingRequest {
  const def = deps.assessmentCatalogue.latest(row.assessmentId)!;
  return {
    id: row.id,
    assessmentId: def.id,
    title: def.title,
    friend: { name: row.rateeName, username: row.rateeUsername },
    invitedAt: row.invitedAt.toISOString(),
    ratedAt: row.ratedAt?.toISOString() ?? null,
  };
}

/** The requests addressed to the caller as a rater. */
export async function listRatingRequests(deps: QuestsDeps, raterId: string): Promise<RatingRequestList> {
  const rows = await deps.assessments.requestsFor(deps.db, raterId);
  return {
    requests: rows.filter((r) => deps.assessmentCatalogue.latest(r.assessmentId)).map((r) => requestBody(deps, r)),
  };
}

async function requestFor(deps: QuestsDeps, raterId: string, requestId: string) {
  const row = await deps.assessments.requestOf(deps.db, raterId, requestId);
  if (!row) throw REQUEST_NOT_FOUND();
  const def = deps.assessmentCatalogue.version(row.assessmentId, row.assessmentVersion);
  if (!def) throw REQUEST_NOT_FOUND();
  return { row, def };
}

/** One request with the items phrased about the friend; only its rater can read it. */
export async function getRatingRequest(
  deps: QuestsDeps,
  raterId: string,
  requestId: string,
): Promise<RatingRequestDetail> {
  const { row, def } = await requestFor(deps, raterId, requestId);
  return { ...requestBody(deps, row), items: def.items.map((i) => ({ id: i.id, text: i.about ?? i.text })) };
}

/** A friend's rating: every item answered, scored like a take, once. */
export async function submitRating(
  deps: QuestsDeps,
  raterId: string,
  requestId: string,
  answers: Answers,
): Promise<RatingRequest> {
  const { row, def } = await requestFor(deps, raterId, requestId);
  if (row.ratedAt) throw new AppError('RATING_ALREADY_GIVEN', 'You have already rated your friend.');
  if ((await deps.assessments.friendsAmong(deps.db, raterId, [row.rateeId])).size === 0)
    throw new AppError('NOT_FRIENDS', 'You can only rate your friends.');
  checkItems(def, answers);
  const missing = def.items.filter((i) => answers[i.id] === undefined).length;
  if (missing > 0)
    throw new AppError('ASSESSMENT_INCOMPLETE', `${missing} question${missing === 1 ? '' : 's'} still to answer.`);
  const scores = scoreAnswers(
    def.dimensions.map((d) => d.key),
    def.items,
    answers,
  );
  const at = deps.clock();
  const recorded = await deps.transaction((tx) => deps.assessments.rate(tx, raterId, requestId, answers, scores, at));
  if (!recorded) throw new AppError('RATING_ALREADY_GIVEN', 'You have already rated your friend.');
  return requestBody(deps, { ...row, ratedAt: at });
}

/** "Your data": takes with raw answers, answers in progress, ratings given, and friends' averages (never who). */
export async function exportAssessments(
  deps: QuestsDeps,
  userId: string,
): Promise<NonNullable<QuestsExport['assessments']>> {
  const [results, drafts, given] = await Promise.all([
    deps.assessments.results(deps.db, userId),
    deps.assessments.drafts(deps.db, userId),
    deps.assessments.given(deps.db, userId),
  ]);
  const ratingsReceived: NonNullable<QuestsExport['assessments']>['ratingsReceived'] = [];
  for (const def of deps.assessmentCatalogue.published.filter((d) => isRateable(d.id))) {
    const view = await friendsView(deps, userId, def, undefined);
    if (view.ready)
      ratingsReceived.push({
        assessmentId: def.id,
        ratings: view.ratings,
        averages: Object.fromEntries(view.dimensions.map((d) => [d.key, d.friends])),
      });
  }
  return {
    results: results.map((r) => ({
      assessmentId: r.assessmentId,
      assessmentVersion: r.assessmentVersion,
      scoringVersion: r.scoringVersion,
      completedAt: r.completedAt.toISOString(),
      answers: r.answers,
      scores: r.scores,
    })),
    inProgress: drafts.map((d) => ({
      assessmentId: d.assessmentId,
      assessmentVersion: d.version,
      updatedAt: d.updatedAt.toISOString(),
      answers: d.answers,
    })),
    ratingsGiven: given.map((g) => ({
      ...g,
      invitedAt: g.invitedAt.toISOString(),
      ratedAt: g.ratedAt?.toISOString() ?? null,
    })),
    ratingsReceived,
  };
}

/** Effect of identity.user.deleted.v1: the user's takes, drafts, and every rating they asked for or gave. */
export async function eraseAssessments(
  deps: QuestsDeps,
  tx: Parameters<QuestsDeps['assessments']['erase']>[0],
  userId: string,
): Promise<void> {
  await deps.assessments.erase(tx, userId);
}
