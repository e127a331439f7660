import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { visible } from '../support/app';
import { seriousViolations } from '../support/axe';
import { DESKTOP, PHONE } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { auth, docShot, docShotBothSizes, member, podThroughApi, type Member } from '../support/people';
import { repoRoot, type Stack } from '../support/stack';

// Pod playbooks (issue 23 points 2 and 5, decision 0041): two pod members run the level-1 playbook
// together and see each other's progress live (one on a phone, one on a desktop); the pod's week 2
// opens only when both finished week 1; the one ahead nudges the other; the pod page shows it all; a
// finished playbook is shared to a pod from its finish screen and appears in the pod log.

interface Step {
  id: string;
  kind: 'insight' | 'quiz' | 'challenge' | 'reflection';
  questions?: { answer: number }[];
  proofType?: 'text' | 'photo' | 'both';
}
const comfortZone = JSON.parse(
  readFileSync(join(repoRoot, 'services/quests/content/playbooks/comfort-zone.v1.json'), 'utf8'),
) as { title: string; weeks: { steps: Step[] }[] };
const TITLE = comfortZone.title;
const PLAYBOOK = 'comfort-zone';

/** A tiny real PNG (one warm pixel row block), made here so the test carries no binary file. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 32;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0);
    for (let x = 0; x < size; x += 1) rows.push(240, 120 + x * 3, 60 + y * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function api(m: Member, stack: Stack, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res =
    method === 'GET'
      ? await m.context.request.get(`${stack.url}${path}`, { headers: auth(m) })
      : await m.context.request.post(`${stack.url}${path}`, { headers: auth(m), data });
  return { status: res.status(), body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** Completes a step through the API as a reader would (right answers, proof as asked). */
async function completeStep(m: Member, stack: Stack, step: Step): Promise<void> {
  let body: Record<string, unknown> = {};
  if (step.kind === 'quiz') body = { answers: step.questions!.map((q) => q.answer) };
  if (step.kind === 'reflection') body = { reflection: 'Doing it with the pod made the scary parts lighter.' };
  if (step.kind === 'challenge') {
    body = { proofType: step.proofType, proofText: 'Said hello to the baker and asked about her sourdough.' };
    if (step.proofType !== 'text') {
      const up = await m.context.request.post(`${stack.url}/api/quests/me/photos`, {
        headers: auth(m),
        multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: png() } },
      });
      expect(up.status()).toBe(201);
      body.photoId = ((await up.json()) as { photo: { id: string } }).photo.id;
    }
  }
  const res = await api(m, stack, 'POST', `/api/quests/playbooks/${PLAYBOOK}/steps/${step.id}/complete`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const finishWeek = async (m: Member, stack: Stack, week: number) => {
  for (const step of comfortZone.weeks[week - 1]!.steps) await completeStep(m, stack, step);
};

/** A pod `owner` creates, `others` join with its code (through the API: the UI path is pod-streak.e2e's). */
async function podOf(stack: Stack, name: string, owner: Member, ...others: Member[]): Promise<string> {
  const pod = await podThroughApi(stack, owner.context.request, name, owner, ...others);
  // quests learns who is in the pod from pods' events: wait until it knows every member.
  for (const m of [owner, ...others]) {
    await expect
      .poll(async () => (await api(m, stack, 'GET', `/api/quests/pods/${pod.id}/playbooks/${PLAYBOOK}`)).body, {
        timeout: 20_000,
      })
      .toMatchObject({ error: { code: 'POD_PLAYBOOK_NOT_FOUND' } });
  }
  return pod.id;
}

const weeksOf = (page: Page, name: string) =>
  page.getByTestId('pod-run-member').filter({ hasText: name }).getByTestId('pod-run-weeks');

describe('pod playbooks', () => {
  it(
    'two pod members run a playbook together and see each other’s progress live; week 2 opens for the pod; a nudge; the pod page',
    { timeout: 300_000 },
    async ({ browser, stack }) => {
      const ana = await member(browser, stack, 'ana', 'Ana Brave', { viewport: PHONE });
      const bo = await member(browser, stack, 'bo', 'Bo Steady', { viewport: DESKTOP });
      const podId = await podOf(stack, 'Brave Pod', ana, bo);

      // Ana starts the playbook for the pod from its screen.
      await ana.page.goto(`${stack.url}/guides/${PLAYBOOK}`);
      await visible(ana.page.getByRole('heading', { level: 1, name: TITLE }));
      const together = ana.page.getByTestId('pod-together');
      await visible(together.getByRole('heading', { name: 'Together with your pod' }));
      await together.getByLabel('Pod', { exact: true }).selectOption({ label: 'Brave Pod' });
      expect(await together.getByRole('radio', { name: /everyone has finished/ }).isChecked()).toBe(true);
      await together.getByRole('button', { name: 'Start with my pod' }).click();
      await visible(together.getByRole('article', { name: 'With Brave Pod' }));
      await visible(weeksOf(ana.page, 'Bo Steady'));
      expect(await weeksOf(ana.page, 'Bo Steady').textContent()).toBe('0 of 4 weeks');
      expect(await seriousViolations(ana.page, '[data-remote="playbooks"]')).toEqual([]);

      // Bo opens it on his desktop and keeps the page open.
      await bo.page.goto(`${stack.url}/guides/${PLAYBOOK}`);
      await visible(bo.page.getByRole('article', { name: 'With Brave Pod' }));
      expect(await weeksOf(bo.page, 'Ana Brave').textContent()).toBe('0 of 4 weeks');
      await docShot(bo.page, 'pod-playbooks-started-desktop');

      // Ana finishes week 1: Bo sees it without reloading.
      await finishWeek(ana, stack, 1);
      await expect.poll(() => weeksOf(bo.page, 'Ana Brave').textContent(), { timeout: 15_000 }).toBe('1 of 4 weeks');

      // Ana is ahead: week 2 waits for the pod; the server refuses its steps until then.
      const early = await api(
        ana,
        stack,
        'POST',
        `/api/quests/playbooks/${PLAYBOOK}/steps/${comfortZone.weeks[1]!.steps[0]!.id}/complete`,
        {},
      );
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ error: { code: 'POD_WEEK_LOCKED' } });
      await ana.page.reload();
      await visible(ana.page.getByTestId('guide-waiting'));
      expect(await ana.page.getByRole('heading', { name: /Week 2/ }).textContent()).toContain('Waiting for your pod');
      await ana.page.getByRole('button', { name: 'Nudge Bo Steady' }).click();
      await visible(ana.page.getByText('You nudged Bo Steady.'));
      expect(await seriousViolations(ana.page, '[data-remote="playbooks"]')).toEqual([]);
      await docShot(ana.page, 'pod-playbooks-waiting-phone');

      // Bo starts and finishes week 1 in the browser's data: Ana's page opens week 2 live.
      await finishWeek(bo, stack, 1);
      await expect.poll(() => weeksOf(ana.page, 'Bo Steady').textContent(), { timeout: 15_000 }).toBe('1 of 4 weeks');
      await visible(ana.page.getByRole('link', { name: /Continue · Week 2/ }));
      await visible(ana.page.getByText(/Week 2 of 4 is open/));
      expect(await seriousViolations(ana.page, '[data-remote="playbooks"]')).toEqual([]);
      await docShotBothSizes(ana.page, 'pod-playbooks-week-2');

      // The pod page: the playbook with both members' weeks, and the log entries.
      await bo.page.goto(`${stack.url}/pods/${podId}`);
      await visible(bo.page.getByRole('heading', { level: 1, name: 'Brave Pod' }));
      const playbooks = bo.page.getByTestId('pod-playbooks');
      await visible(playbooks.getByRole('link', { name: TITLE }));
      expect(await playbooks.getByTestId('pod-playbook-member').allTextContents()).toEqual(
        expect.arrayContaining([expect.stringContaining('1 of 4 weeks')]),
      );
      await visible(bo.page.getByTestId('pod-log').getByText(`Finished week 1 of ${TITLE}`).first());
      await visible(bo.page.getByTestId('pod-log').getByText(`Started ${TITLE} for the pod`));
      expect(await seriousViolations(bo.page, '[data-remote="connect"]')).toEqual([]);
      await docShotBothSizes(bo.page, 'pod-playbooks-pod-page');
      await ana.context.close();
      await bo.context.close();
    },
  );

  it(
    'shares a finished playbook from its finish screen to a pod, where it appears in the feed',
    { timeout: 300_000 },
    async ({ browser, stack }) => {
      const cy = await member(browser, stack, 'cy', 'Cy Finisher', { viewport: PHONE });
      const dee = await member(browser, stack, 'dee', 'Dee Cheers', { viewport: DESKTOP });
      const podId = await podOf(stack, 'Finish Line', cy, dee);
      // Cy runs the playbook alone (no pod run) to the end.
      for (const [i] of comfortZone.weeks.entries()) await finishWeek(cy, stack, i + 1);

      await cy.page.goto(`${stack.url}/guides/${PLAYBOOK}/complete`);
      await visible(cy.page.getByRole('heading', { level: 1, name: `You finished ${TITLE}` }));
      await cy.page.waitForTimeout(3500); // the celebration overlay closes by itself
      const share = cy.page.getByTestId('share-to-pods');
      await visible(share.getByRole('heading', { name: 'Share to my pods' }));
      expect(await share.getByRole('button', { name: 'Share to 0 pods' }).isDisabled()).toBe(true);
      await share.getByRole('checkbox', { name: 'Finish Line' }).check();
      // Nothing runs off the side of a phone.
      expect(
        await cy.page.evaluate(
          () =>
            (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
              .documentElement.scrollWidth,
        ),
      ).toBeLessThanOrEqual(PHONE.width);
      expect(await seriousViolations(cy.page, '[data-remote="playbooks"]')).toEqual([]);
      await docShotBothSizes(cy.page, 'pod-playbooks-share');
      await share.getByRole('button', { name: 'Share to 1 pod' }).click();
      await visible(share.getByText('Shared with Finish Line. They’ll see it in the pod log.'));
      expect(await seriousViolations(cy.page, '[data-remote="playbooks"]')).toEqual([]);

      // Dee has the pod open: the entry arrives.
      await dee.page.goto(`${stack.url}/pods/${podId}`);
      await visible(dee.page.getByRole('heading', { level: 1, name: 'Finish Line' }));
      await visible(dee.page.getByTestId('pod-log').getByText(new RegExp(`Finished the playbook ${TITLE}`)));
      expect(await seriousViolations(dee.page, '[data-remote="connect"]')).toEqual([]);
      await docShotBothSizes(dee.page, 'pod-playbooks-shared-feed');
      await cy.context.close();
      await dee.context.close();
    },
  );
});
