import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { newUser, visible, viewportShot } from '../support/app';
import { seriousViolations } from '../support/axe';
import { DESKTOP, PHONE } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { repoRoot, type Stack } from '../support/stack';
import { stackDatabase } from '../support/database';

// Playbooks (issue 23): a new player works through week 1 of the level-1 playbook in the browser
// (an insight, a quiz the server scores, a mini-challenge with a photo) and sees the XP rise and
// week 2 open; a Pro player sees every playbook open; a finished playbook shows its finish screen.

const shot = (page: Page, name: string): Promise<void> => viewportShot(page, `playbooks-${name}`);

const text = async (locator: Locator) => ((await locator.first().textContent()) ?? '').trim();

const database = stackDatabase();

/** The level-1 playbook as its content file says (the test answers its quizzes like a reader would). */
interface Step {
  id: string;
  kind: 'insight' | 'quiz' | 'challenge' | 'reflection';
  questions?: { prompt: string; choices: string[]; answer: number }[];
  proofType?: 'text' | 'photo' | 'both';
}
const comfortZone = JSON.parse(
  readFileSync(join(repoRoot, 'services/quests/content/playbooks/comfort-zone.v1.json'), 'utf8'),
) as { title: string; weeks: { steps: Step[] }[] };
const steps = comfortZone.weeks.flatMap((w) => w.steps);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A real PNG, `size`×`size`, a warm gradient (made here, so the test carries no binary file). */
function gradientPng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0);
    for (let x = 0; x < size; x += 1) rows.push(255, Math.round((x / size) * 200), Math.round((y / size) * 120));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Player {
  userId: string;
  page: Page;
  context: BrowserContext;
  api(method: 'GET' | 'POST', path: string, data?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  upload(): Promise<string>;
  close(): Promise<void>;
}

/** A new free account, past the intro, whose quests player exists. */
async function player(browser: Browser, stack: Stack, viewport: typeof PHONE, tag: string): Promise<Player> {
  const context = await browser.newContext({ viewport });
  const res = await context.request.post(`${stack.url}/api/identity/auth/sign-up`, {
    data: { ...newUser(tag), timeZone: 'UTC' },
  });
  if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
  const { accessToken, user } = (await res.json()) as { accessToken: string; user: { id: string } };
  const headers = { Authorization: `Bearer ${accessToken}` };
  await context.request.put(`${stack.url}/api/identity/me/milestones/onboarding`, { headers });
  const api: Player['api'] = async (method, path, data) => {
    const r =
      method === 'GET'
        ? await context.request.get(`${stack.url}${path}`, { headers })
        : await context.request.post(`${stack.url}${path}`, { headers, data });
    return { status: r.status(), body: await r.json() };
  };
  const upload = async () => {
    const r = await context.request.post(`${stack.url}/api/quests/me/photos`, {
      headers,
      multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: gradientPng(64) } },
    });
    if (r.status() !== 201) throw new Error(`photo upload answered ${r.status()}: ${await r.text()}`);
    return ((await r.json()) as { photo: { id: string } }).photo.id;
  };
  await expect.poll(async () => (await api('GET', '/api/quests/me/progress')).status, { timeout: 15_000 }).toBe(200);
  return { userId: user.id, page: await context.newPage(), context, api, upload, close: () => context.close() };
}

/** Completes a step through the API as a reader would (right answers, proof as asked). */
async function completeByApi(me: Player, step: Step): Promise<void> {
  const body =
    step.kind === 'quiz'
      ? { answers: step.questions!.map((q) => q.answer) }
      : step.kind === 'reflection'
        ? { reflection: 'Saying hello first feels normal now.' }
        : step.kind === 'challenge'
          ? step.proofType === 'text'
            ? { proofType: 'text', proofText: 'Did it on the way home.' }
            : { proofType: step.proofType, proofText: 'Did it.', photoId: await me.upload() }
          : {};
  const res = await me.api('POST', `/api/quests/playbooks/comfort-zone/steps/${step.id}/complete`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const totalXp = async (me: Player) =>
  ((await me.api('GET', '/api/quests/me/progress')).body as { totalXP: number }).totalXP;

const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

describe.each(VIEWPORTS)('playbooks on %s', (label, viewport) => {
  it('a new player opens the level-1 playbook, reads an insight, answers a quiz, completes a photo challenge, sees XP rise and week 2 open', async ({
    browser,
    stack,
  }) => {
    const me = await player(browser, stack, viewport, `pb-${label}`);
    const { page } = me;
    await page.goto(`${stack.url}/guides`);
    await visible(page.getByRole('heading', { name: '1 of 8 playbooks open' }));
    expect(await seriousViolations(page, '[data-remote="playbooks"]')).toEqual([]);
    await shot(page, `list-${label}`);

    await page.getByRole('link', { name: /Small Brave Steps/ }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Small Brave Steps' }));
    expect(await page.getByRole('heading', { name: /Week 2/ }).textContent()).toContain('Opens after week 1');
    expect(await seriousViolations(page, '[data-remote="playbooks"]')).toEqual([]);
    await shot(page, `overview-${label}`);

    // Start: the first step, an insight, on its own screen.
    await page.getByRole('button', { name: 'Start playbook' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'The edge is closer than you think' }));
    await visible(page.getByText('Takeaway:'));
    expect(await seriousViolations(page, '[data-remote="playbooks"]')).toEqual([]);
    await shot(page, `insight-${label}`);
    const before = await totalXp(me);
    await page.getByRole('button', { name: "I've read it · +10 XP" }).click();
    await visible(page.getByTestId('step-done'));
    expect(await text(page.getByTestId('step-done'))).toBe('Done · +10 XP');
    expect(await totalXp(me)).toBe(before + 10);

    // The quiz: chosen with the keyboard-friendly radios; the server scores it and explains.
    await page.getByRole('link', { name: 'Next step' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Where is the edge?' }));
    const quiz = steps.find((s) => s.id === 'cz-w1-quiz')!;
    await page.getByRole('button', { name: 'Check my answers' }).click();
    await visible(page.getByText('Please choose an answer for question 1.'));
    const [q1, q2] = quiz.questions!;
    await page
      .getByRole('group', { name: new RegExp(q1!.prompt.slice(0, 20)) })
      .getByLabel(q1!.choices[q1!.answer]!)
      .check();
    // A wrong answer on purpose: the explanation says why.
    await page
      .getByRole('group', { name: new RegExp(q2!.prompt.slice(0, 20)) })
      .getByLabel(q2!.choices[2]!)
      .check();
    expect(await seriousViolations(page, '[data-remote="playbooks"]')).toEqual([]);
    await shot(page, `quiz-${label}`);
    await page.getByRole('button', { name: 'Check my answers' }).click();
    await visible(page.getByTestId('quiz-score'));
    expect(await text(page.getByTestId('quiz-score'))).toBe('1 of 2 right · +15 XP');
    await visible(page.getByText('location marker', { exact: false }));
    expect(await seriousViolations(page, '[data-remote="playbooks"]')).toEqual([]);
    await shot(page, `quiz-result-${label}`);

    // The mini-challenge, proved with a photo.
    await page.getByRole('link', { name: 'Next step' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'One new door' }));
    await page.getByRole('button', { name: 'Submit proof · +50 XP' }).click();
    await visible(page.getByText('Please select a photo'));
    await page
      .getByLabel('Choose a photo')
      .setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: gradientPng(96) });
    await page.getByRole('button', { name: 'Submit proof · +50 XP' }).click();
    await visible(page.getByText('Week 1 done! Week 2 is open.'));
    await visible(page.getByTestId('challenge-proof').getByRole('img', { name: 'Your proof photo' }));
    expect(await totalXp(me)).toBe(before + 75);
    expect(await seriousViolations(page, '[data-remote="playbooks"]')).toEqual([]);
    await shot(page, `challenge-${label}`);

    // Back on the overview: the XP earned and week 2 open.
    await page.getByRole('link', { name: 'All weeks' }).click();
    await visible(page.getByTestId('guide-xp'));
    expect(await text(page.getByTestId('guide-xp'))).toBe('75 XP earned so far');
    expect(await page.getByRole('heading', { name: /Week 1/ }).textContent()).toContain('Done');
    await visible(page.getByRole('link', { name: /Insight\W+Awkward is not dangerous/ }));
    await visible(page.getByRole('link', { name: /Continue · Week 2/ }));
    await shot(page, `week-2-${label}`);
    await me.close();
  }, 180_000);
});

describe('playbooks for Pro and at the finish', () => {
  it('a Pro player sees every playbook open', async ({ browser, stack }) => {
    const me = await player(browser, stack, PHONE, 'pb-pro');
    await database(stack).query(
      `INSERT INTO quests.entitlement (user_id, version, is_active, expiration_date) VALUES ($1, 1, true, now() + interval '30 days')
       ON CONFLICT (user_id) DO UPDATE SET is_active = true, expiration_date = EXCLUDED.expiration_date, version = 1`,
      [me.userId],
    );
    const { page } = me;
    await page.goto(`${stack.url}/guides`);
    await visible(page.getByRole('heading', { name: '8 of 8 playbooks open' }));
    const cards = page.getByTestId('playbook-card');
    expect(await Promise.all(Array.from({ length: 8 }, (_, i) => cards.nth(i).getAttribute('data-state')))).toEqual(
      Array(8).fill('available'),
    );
    await visible(page.getByText('Pro: every playbook is open.'));
    await shot(page, 'pro-phone');
    await page.getByRole('link', { name: /Money, Kindly Counted/ }).click();
    await visible(page.getByRole('button', { name: 'Start playbook' }));
    await me.close();
  }, 120_000);

  it('a finished playbook shows the completion screen; an unknown one is a real not-found page', async ({
    browser,
    stack,
  }) => {
    const me = await player(browser, stack, DESKTOP, 'pb-done');
    for (const step of steps.slice(0, -1)) await completeByApi(me, step);
    const { page } = me;
    const last = steps[steps.length - 1]!;
    await page.goto(`${stack.url}/guides/comfort-zone/steps/${last.id}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Looking back from the new edge' }));
    await page.getByLabel(/Your reflection/).fill('The wobble is an old friend now. Next rung: speaking up at work.');
    await page.getByRole('button', { name: 'Save reflection · +15 XP' }).click();
    await page.waitForURL(/\/guides\/comfort-zone\/complete$/);
    await visible(page.getByRole('heading', { level: 1, name: 'You finished Small Brave Steps' }));
    expect(await text(page.getByTestId('playbook-complete-xp'))).toBe(String(40 + 120 + 260 + 15 + 200));
    await shot(page, 'complete-desktop');
    await page.waitForTimeout(3500); // the celebration overlay closes by itself
    expect(await seriousViolations(page, '[data-remote="playbooks"]')).toEqual([]);
    const list = await me.api('GET', '/api/quests/playbooks');
    expect((list.body.playbooks as { id: string; state: string }[])[0]).toMatchObject({
      id: 'comfort-zone',
      state: 'completed',
    });

    await page.setViewportSize(PHONE);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'You finished Small Brave Steps' }));
    await page.waitForTimeout(3500);
    await shot(page, 'complete-phone');

    await page.goto(`${stack.url}/guides/no-such-guide`);
    await visible(page.getByRole('heading', { level: 1, name: 'Page not found' }));
    await shot(page, 'not-found-phone');
    await me.close();
  }, 180_000);
});
