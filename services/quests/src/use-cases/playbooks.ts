import {
  PlaybookCompleted,
  PlaybookStepCompleted,
  PlaybookWeekCompleted,
  type CompletePlaybookStepBody,
  type CompletePlaybookStepResult,
  type PlaybookDetail,
  type PlaybookList,
  type PlaybookStep,
  type PlaybookSummary,
  type PlaybookUnlocks,
  type QuestsExport,
} from '@vere/contracts';
import { currentWeekIndex, levelProgress, PLAYBOOK_XP, playbookAccess, playbookUnlocks, quizXp } from '@vere/domain';
import { AppError, newEvent, writeOutbox } from '@vere/service-kit';
import { stepMaxXp, type PlaybookDefinition, type PlaybookStepDefinition } from '../playbook-catalogue';
import type { PlaybookProgressRow, PlaybookStepRow } from '../repositories/playbooks-repository';
import { dayContext, type DayContext } from './day-context';
import type { QuestsDeps } from './deps';
import { afterWeekFinished, podOpenWeek, podWeekGate } from './pod-playbooks';
import { awardXp, type AwardOutcome } from './xp';

/** Which playbooks the user has open now: from their level and the Pro read model (checked at this instant). */
export async function getPlaybookUnlocks(deps: QuestsDeps, userId: string): Promise<PlaybookUnlocks> {
  const ctx = await dayContext(deps, userId, deps.clock());
  const playbooks = playbookUnlocks({ level: ctx.level, isPro: ctx.isPro });
  return { level: ctx.level, isPro: ctx.isPro, unlockedCount: playbooks.filter((p) => p.unlocked).length, playbooks };
}

const NOT_FOUND = () => new AppError('PLAYBOOK_NOT_FOUND', 'Playbook not found');
const STEP_NOT_FOUND = () => new AppError('PLAYBOOK_STEP_NOT_FOUND', 'Step not found');
const LOCKED = (def: PlaybookDefinition) =>
  new AppError('PLAYBOOK_LOCKED', `This playbook unlocks at Level ${def.unlockLevel}, or with Pro.`);

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/** The version the user's progress is pinned to, else the published one; undefined for an unknown id. */
function definitionFor(deps: QuestsDeps, id: string, progress: PlaybookProgressRow | undefined) {
  const latest = deps.playbookCatalogue.latest(id);
  if (!latest) return undefined;
  return progress ? (deps.playbookCatalogue.version(id, progress.version) ?? latest) : latest;
}

function locate(def: PlaybookDefinition, stepId: string) {
  const all = def.weeks.flatMap((w, i) => w.steps.map((s) => ({ step: s, week: i + 1 })));
  const at = all.findIndex((e) => e.step.id === stepId);
  if (at === -1) return undefined;
  return { ...all[at]!, nextStepId: all[at + 1]?.step.id ?? null };
}

function summarize(
  def: PlaybookDefinition,
  ctx: DayContext,
  progress: PlaybookProgressRow | undefined,
  done: ReadonlySet<string>,
): PlaybookSummary {
  const access = playbookAccess({ unlockLevel: def.unlockLevel, level: ctx.level, isPro: ctx.isPro });
  const totalSteps = def.weeks.reduce((n, w) => n + w.steps.length, 0);
  const week = currentWeekIndex(def.weeks, done);
  const state = progress?.completedAt
    ? 'completed'
    : progress
      ? 'in_progress'
      : access === 'open'
        ? 'available'
        : 'locked';
  return {
    id: def.id,
    version: def.version,
    title: def.title,
    promise: def.promise,
    cover: def.cover,
    unlockLevel: def.unlockLevel,
    weeks: def.weeks.length,
    totalSteps,
    doneSteps: def.weeks.reduce((n, w) => n + w.steps.filter((s) => done.has(s.id)).length, 0),
    currentWeek: Math.min(week + 1, def.weeks.length),
    state,
    access,
    xpEarned: progress?.xpEarned ?? 0,
  };
}

/** GET /api/quests/playbooks: every published playbook, on the caller's pinned version, with their state. */
export async function listPlaybooks(deps: QuestsDeps, userId: string): Promise<PlaybookList> {
  // Three reads at once: one round trip's wait (bench/playbooks.mjs).
  const [ctx, progress, steps] = await Promise.all([
    dayContext(deps, userId, deps.clock()),
    deps.playbooks.progressOf(deps.db, userId),
    deps.playbooks.stepsOf(deps.db, userId),
  ]);
  const byId = new Map(progress.map((p) => [p.playbookId, p]));
  return {
    level: ctx.level,
    isPro: ctx.isPro,
    playbooks: deps.playbookCatalogue.published.map((published) => {
      const p = byId.get(published.id);
      const def = definitionFor(deps, published.id, p) ?? published;
      const done = new Set(steps.filter((s) => s.playbookId === def.id).map((s) => s.stepId));
      return summarize(def, ctx, p, done);
    }),
  };
}

function detail(
  def: PlaybookDefinition,
  ctx: DayContext,
  progress: PlaybookProgressRow | undefined,
  steps: PlaybookStepRow[],
  podWeek?: number,
): PlaybookDetail {
  const done = new Set(steps.map((s) => s.stepId));
  const xpOf = new Map(steps.map((s) => [s.stepId, s.xp]));
  const week = currentWeekIndex(def.weeks, done);
  return {
    ...summarize(def, ctx, progress, done),
    description: def.description,
    started: progress !== undefined,
    completedAt: iso(progress?.completedAt ?? null),
    completionXp: PLAYBOOK_XP.completion,
    ...(podWeek === undefined ? {} : { podOpenWeek: podWeek }),
    weekList: def.weeks.map((w, i) => ({
      number: i + 1,
      title: w.title,
      open: i <= week && (podWeek === undefined || i < podWeek),
      done: w.steps.every((s) => done.has(s.id)),
      steps: w.steps.map((s) => ({
        id: s.id,
        kind: s.kind,
        title: s.title,
        done: done.has(s.id),
        xp: stepMaxXp(s),
        xpEarned: xpOf.get(s.id) ?? 0,
      })),
    })),
  };
}

/** GET /api/quests/playbooks/{id}: the overview, weeks and steps, on the caller's pinned version. */
export async function getPlaybook(deps: QuestsDeps, userId: string, id: string): Promise<PlaybookDetail> {
  if (!deps.playbookCatalogue.latest(id)) throw NOT_FOUND();
  const [ctx, progress, steps, podWeek] = await Promise.all([
    dayContext(deps, userId, deps.clock()),
    deps.playbooks.progress(deps.db, userId, id),
    deps.playbooks.stepsOf(deps.db, userId, id),
    podOpenWeek(deps, deps.db, userId, id),
  ]);
  const def = definitionFor(deps, id, progress)!;
  return detail(def, ctx, progress, steps, podWeek);
}

/**
 * POST /api/quests/playbooks/{id}/start: pins the published version to the caller's progress. Starting
 * again changes nothing (the version first started stays). A locked playbook answers PLAYBOOK_LOCKED.
 */
export async function startPlaybook(
  deps: QuestsDeps,
  userId: string,
  id: string,
): Promise<{ created: boolean; playbook: PlaybookDetail }> {
  const ctx = await dayContext(deps, userId, deps.clock());
  const latest = deps.playbookCatalogue.latest(id);
  if (!latest) throw NOT_FOUND();
  const existing = await deps.playbooks.progress(deps.db, userId, id);
  if (!existing && playbookAccess({ unlockLevel: latest.unlockLevel, level: ctx.level, isPro: ctx.isPro }) !== 'open')
    throw LOCKED(latest);
  const created = existing ? false : await deps.playbooks.start(deps.db, userId, id, latest.version, ctx.now);
  return { created, playbook: await getPlaybook(deps, userId, id) };
}

async function stepView(
  deps: QuestsDeps,
  def: PlaybookDefinition,
  at: { step: PlaybookStepDefinition; week: number; nextStepId: string | null },
  row: PlaybookStepRow | undefined,
): Promise<PlaybookStep> {
  const { step } = at;
  const base = {
    playbookId: def.id,
    version: def.version,
    id: step.id,
    kind: step.kind,
    week: at.week,
    title: step.title,
    xp: stepMaxXp(step),
    done: row !== undefined,
    xpEarned: row?.xp ?? 0,
    nextStepId: at.nextStepId,
  };
  switch (step.kind) {
    case 'insight':
      return { ...base, body: step.body, takeaway: step.takeaway };
    case 'reflection':
      return { ...base, body: step.body, ...(row ? { reflection: row.reflection ?? '' } : {}) };
    case 'challenge': {
      const view: PlaybookStep = { ...base, body: step.body, proofType: step.proofType };
      if (row) {
        view.proofText = row.proofText;
        if (row.proofPhotoId && deps.proofs.linkFor) view.proofPhotoUrl = await deps.proofs.linkFor(row.proofPhotoId);
      }
      return view;
    }
    case 'quiz':
      return {
        ...base,
        body: '',
        questions: step.questions.map((q) => ({ prompt: q.prompt, choices: q.choices })),
        ...(row?.answers
          ? {
              results: step.questions.map((q, i) => {
                const chosen = row.answers![i] ?? -1;
                return {
                  chosen: Math.max(chosen, 0),
                  answer: q.answer,
                  correct: chosen === q.answer,
                  explanation: q.explanation,
                };
              }),
            }
          : {}),
      };
  }
}

/**
 * GET …/steps/{stepId}: one step's screen. A finished step is always readable by its author (also
 * after Pro ended); an unfinished one needs the playbook open to the caller and its week open.
 */
export async function getPlaybookStep(
  deps: QuestsDeps,
  userId: string,
  id: string,
  stepId: string,
): Promise<PlaybookStep> {
  const ctx = await dayContext(deps, userId, deps.clock());
  const progress = await deps.playbooks.progress(deps.db, userId, id);
  const def = definitionFor(deps, id, progress);
  if (!def) throw NOT_FOUND();
  const at = locate(def, stepId);
  if (!at) throw STEP_NOT_FOUND();
  const steps = progress ? await deps.playbooks.stepsOf(deps.db, userId, id) : [];
  const row = steps.find((s) => s.stepId === stepId);
  if (!row) {
    if (playbookAccess({ unlockLevel: def.unlockLevel, level: ctx.level, isPro: ctx.isPro }) !== 'open')
      throw LOCKED(def);
    const week = currentWeekIndex(def.weeks, new Set(steps.map((s) => s.stepId)));
    if (at.week - 1 > week) throw weekLocked(at.week);
    const podLock = await podWeekGate(deps, deps.db, userId, id, at.week);
    if (podLock) throw podLock;
  }
  return stepView(deps, def, at, row);
}

const weekLocked = (week: number) =>
  new AppError('PLAYBOOK_STEP_LOCKED', `Week ${week} opens when you finish week ${week - 1}.`);

/** What the step's kind asks for, checked before anything is written; the proof by the to-dos' rules (spec §5). */
async function checkAnswer(
  deps: QuestsDeps,
  userId: string,
  step: PlaybookStepDefinition,
  body: CompletePlaybookStepBody,
): Promise<{
  xp: number;
  answers: number[] | null;
  correct: number | null;
  reflection: string | null;
  proofText: string | null;
  proofPhotoId: string | null;
}> {
  const none = { answers: null, correct: null, reflection: null, proofText: null, proofPhotoId: null };
  switch (step.kind) {
    case 'insight':
      return { ...none, xp: PLAYBOOK_XP.insight };
    case 'reflection': {
      const text = body.reflection?.trim();
      if (!text) throw new AppError('VALIDATION_FAILED', 'Please write a few words first', 'reflection');
      return { ...none, xp: PLAYBOOK_XP.reflection, reflection: text };
    }
    case 'quiz': {
      const answers = body.answers ?? [];
      if (answers.length !== step.questions.length)
        throw new AppError('VALIDATION_FAILED', 'Please answer every question', 'answers');
      answers.forEach((a, i) => {
        if (a >= step.questions[i]!.choices.length)
          throw new AppError('VALIDATION_FAILED', `Question ${i + 1} has no such answer`, `answers.${i}`);
      });
      const correct = step.questions.filter((q, i) => q.answer === answers[i]).length;
      return { ...none, xp: quizXp(correct, step.questions.length), answers, correct };
    }
    case 'challenge': {
      const text = body.proofText?.trim() ? body.proofText.trim() : null;
      const photoId = body.photoId && (await deps.proofs.ownedBy(userId, body.photoId)) ? body.photoId : null;
      if (step.proofType === 'text' && !text)
        throw new AppError('VALIDATION_FAILED', 'Please add a text reflection', 'proofText');
      if (step.proofType === 'photo' && !photoId)
        throw new AppError('VALIDATION_FAILED', 'Please select a photo', 'photoId');
      if (step.proofType === 'both' && (!text || !photoId))
        throw new AppError(
          'VALIDATION_FAILED',
          'Please add both text reflection and a photo',
          text ? 'photoId' : 'proofText',
        );
      return { ...none, xp: step.xp, proofText: text, proofPhotoId: photoId };
    }
  }
}

/**
 * POST …/steps/{stepId}/complete: completes one step once, with its XP through the ledger (key
 * `playbook:<user>:<playbook>:v<version>:<step>`), and the completion bonus when it was the last.
 * The progress row is locked first, so concurrent completions of the same step queue: one records
 * it, the others answer PLAYBOOK_STEP_ALREADY_COMPLETED. A quiz is scored here from the answers'
 * indexes; the client never says what was right.
 */
export async function completePlaybookStep(
  deps: QuestsDeps,
  userId: string,
  id: string,
  stepId: string,
  body: CompletePlaybookStepBody,
): Promise<CompletePlaybookStepResult> {
  const ctx = await dayContext(deps, userId, deps.clock());
  const before = await deps.playbooks.progress(deps.db, userId, id);
  const pinned = definitionFor(deps, id, before);
  if (!pinned) throw NOT_FOUND();
  if (!locate(pinned, stepId)) throw STEP_NOT_FOUND();
  if (playbookAccess({ unlockLevel: pinned.unlockLevel, level: ctx.level, isPro: ctx.isPro }) !== 'open')
    throw LOCKED(pinned);

  const outcome = await deps.transaction(async (tx) => {
    if (!before) await deps.playbooks.start(tx, userId, id, pinned.version, ctx.now);
    const progress = await deps.playbooks.lock(tx, userId, id);
    const def = definitionFor(deps, id, progress)!;
    const at = locate(def, stepId);
    if (!at) throw STEP_NOT_FOUND();
    const doneRows = await deps.playbooks.stepsOf(tx, userId, id);
    const done = new Set(doneRows.map((s) => s.stepId));
    if (done.has(stepId))
      throw new AppError('PLAYBOOK_STEP_ALREADY_COMPLETED', 'You have already completed this step.');
    if (at.week - 1 > currentWeekIndex(def.weeks, done)) throw weekLocked(at.week);
    const podLock = await podWeekGate(deps, tx, userId, id, at.week);
    if (podLock) throw podLock;
    const answer = await checkAnswer(deps, userId, at.step, body);

    const recorded = await deps.playbooks.addStep(tx, {
      userId,
      playbookId: id,
      stepId,
      version: def.version,
      kind: at.step.kind,
      ...answer,
      now: ctx.now,
    });
    if (!recorded) throw new AppError('PLAYBOOK_STEP_ALREADY_COMPLETED', 'You have already completed this step.');
    const awards: AwardOutcome[] = [];
    const keyBase = `playbook:${userId}:${id}:v${def.version}`;
    if (answer.xp > 0)
      awards.push(
        await awardXp(deps, tx, {
          userId,
          sourceKey: `${keyBase}:${stepId}`,
          reason: 'playbook_step',
          amount: answer.xp,
        }),
      );
    done.add(stepId);
    const week = def.weeks[at.week - 1]!;
    const weekCompleted = week.steps.every((s) => done.has(s.id));
    const playbookCompleted = def.weeks.every((w) => w.steps.every((s) => done.has(s.id)));
    let completionXp = 0;
    if (playbookCompleted) {
      const bonus = await awardXp(deps, tx, {
        userId,
        sourceKey: `${keyBase}:complete`,
        reason: 'playbook_completed',
        amount: PLAYBOOK_XP.completion,
      });
      awards.push(bonus);
      if (bonus.awarded) completionXp = PLAYBOOK_XP.completion;
    }
    await deps.playbooks.addXp(tx, userId, id, answer.xp + completionXp, playbookCompleted ? ctx.now : null);
    await writeOutbox(
      tx,
      newEvent(PlaybookStepCompleted.subject, userId, {
        playbookId: id,
        version: def.version,
        stepId,
        kind: at.step.kind,
        week: at.week,
        xp: answer.xp,
        weekCompleted,
      }),
    );
    if (weekCompleted) {
      await writeOutbox(
        tx,
        newEvent(PlaybookWeekCompleted.subject, userId, {
          playbookId: id,
          version: def.version,
          title: def.title,
          week: at.week,
          weeks: def.weeks.length,
          completedAt: ctx.now.toISOString(),
        }),
      );
      await afterWeekFinished(deps, tx, userId, id);
    }
    if (playbookCompleted) {
      await writeOutbox(
        tx,
        newEvent(PlaybookCompleted.subject, userId, {
          playbookId: id,
          version: def.version,
          title: def.title,
          xpEarned: (progress?.xpEarned ?? 0) + answer.xp + completionXp,
          completionXp,
        }),
      );
    }
    return { def, at, answer, awards, weekCompleted, playbookCompleted, completionXp };
  });

  const rows = await deps.playbooks.stepsOf(deps.db, userId, id);
  const row = rows.find((s) => s.stepId === stepId);
  const awarded = outcome.awards.filter((a): a is Extract<AwardOutcome, { awarded: true }> => a.awarded);
  const first = awarded[0];
  const last = awarded[awarded.length - 1];
  const totalXp = last?.totalXp ?? (await deps.players.totalXpOf(deps.db, userId)) ?? 0;
  return {
    step: await stepView(deps, outcome.def, outcome.at, row),
    xpAwarded: outcome.answer.xp,
    completionXp: outcome.completionXp,
    progress: levelProgress(totalXp),
    levelUp:
      first && last && last.level > first.previousLevel
        ? { level: last.level, previousLevel: first.previousLevel }
        : null,
    weekCompleted: outcome.weekCompleted,
    playbookCompleted: outcome.playbookCompleted,
  };
}

/** "Your data": every playbook the user started and every step they did, with their answers and texts. */
export async function exportPlaybooks(
  deps: QuestsDeps,
  userId: string,
): Promise<NonNullable<QuestsExport['playbooks']>> {
  const [progress, steps] = await Promise.all([
    deps.playbooks.progressOf(deps.db, userId),
    deps.playbooks.stepsOf(deps.db, userId),
  ]);
  return progress.map((p) => ({
    playbookId: p.playbookId,
    version: p.version,
    startedAt: new Date(p.startedAt).toISOString(),
    completedAt: iso(p.completedAt),
    xpEarned: p.xpEarned,
    steps: steps
      .filter((s) => s.playbookId === p.playbookId)
      .map((s) => ({
        stepId: s.stepId,
        kind: s.kind,
        xp: s.xp,
        completedAt: new Date(s.completedAt).toISOString(),
        answers: s.answers,
        reflection: s.reflection,
        proofText: s.proofText,
        proofPhotoId: s.proofPhotoId,
      })),
  }));
}

/** Account deletion: everything the user did in playbooks goes (their ledger rows go with the player's). */
export async function erasePlaybooks(
  deps: QuestsDeps,
  tx: Parameters<QuestsDeps['playbooks']['erase']>[0],
  userId: string,
) {
  await deps.playbooks.erase(tx, userId);
}
