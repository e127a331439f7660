import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { outage } from '../support/api';
import { newUser, visible, viewportShot } from '../support/app';
import { DESKTOP, PHONE } from '../support/browser';
import { repoRoot, type Stack } from '../support/stack';
import { describe, expect, test as it } from '../support/fixtures';
import { seriousViolations } from '../support/axe';

type Viewport = typeof PHONE;
const VIEWPORTS: Array<[string, Viewport]> = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
];

/** Screenshots a person looks at, kept with the docs. */
const shot = (page: Page, name: string): Promise<void> => viewportShot(page, `weekly-${name}`);

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
/** A real PNG, `size`×`size`, a diagonal gradient (made here, so the test carries no binary file). */
function gradientPng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0);
    for (let x = 0; x < size; x += 1) rows.push(Math.round((x / size) * 255), Math.round((y / size) * 255), 180);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Player {
  context: BrowserContext;
  page: Page;
  email: string;
  api(method: 'GET' | 'POST', path: string, data?: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/** A new account in UTC, signed up through identity's API, past the intro, on a page of its own. */
async function player(
  browser: Browser,
  stack: Stack,
  viewport: Viewport,
  tag: string,
  opts: { reducedMotion?: 'reduce' | 'no-preference'; touch?: boolean } = {},
): Promise<Player> {
  const context = await browser.newContext({
    viewport,
    reducedMotion: opts.reducedMotion ?? 'no-preference',
    ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const user = newUser(tag);
  const res = await context.request.post(`${stack.url}/api/identity/auth/sign-up`, {
    data: { ...user, timeZone: 'UTC' },
  });
  if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const done = await context.request.put(`${stack.url}/api/identity/me/milestones/onboarding`, { headers });
  if (done.status() !== 200) throw new Error(`milestone answered ${done.status()}`);
  const page = await context.newPage();
  const api: Player['api'] = async (method, path, data) => {
    const r =
      method === 'GET'
        ? await context.request.get(`${stack.url}${path}`, { headers })
        : await context.request.post(`${stack.url}${path}`, { headers, data });
    return { status: r.status(), body: await r.json() };
  };
  return { context, page, email: user.email, api, close: () => context.close() };
}

async function text(locator: Locator): Promise<string> {
  return ((await locator.first().textContent()) ?? '').trim();
}

interface Weekly {
  challenges: Array<{
    id: string;
    title: string;
    category: string;
    preview: string;
    why: string;
    challengePart1: string;
    challengePart2: string;
    reflection: string;
  }>;
  weekEndsAt: string;
}

const PAGE_KEYS = ['preview', 'why', 'part1', 'part2', 'reflection'] as const;
const pageOf = (page: Page) => page.getByTestId('weekly-pane').getAttribute('data-page').then(Number);

/** Drags the pane sideways by `dx` px: a touch drag on the phone (CDP touch events), a mouse drag on the desktop. */
async function dragPane(page: Page, dx: number, touch: boolean): Promise<void> {
  const box = (await page.getByTestId('weekly-pane').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 8; i += 1)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 8, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    return;
  }
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i += 1) await page.mouse.move(x + (dx * i) / 8, y);
  await page.mouse.up();
}

describe.each(VIEWPORTS)('weekly challenge on %s', (label, viewport) => {
  it('reads the five pages, accepts with confetti, completes with proof once: +120 XP, streak 1, a victory with its proof', async ({
    browser,
    stack,
  }) => {
    const touch = label === 'phone';
    const me = await player(browser, stack, viewport, `weekly-${label}`, { touch });
    const { page, api } = me;
    const { body } = await api('GET', '/api/quests/me/weekly');
    const week = body as Weekly;
    const current = week.challenges[0]!;
    // On the desktop the user has a pod to share the completion with; on the phone none.
    const pod =
      label === 'desktop'
        ? ((await api('POST', '/api/pods/pods', { name: 'Sunrise Crew' })).body as { id: string })
        : null;

    // The hub's weekly card names this week's challenge.
    await page.goto(`${stack.url}/`);
    await visible(page.getByTestId('hub-weekly-title'));
    expect(await text(page.getByTestId('hub-weekly-title'))).toBe(`${current.title} · ${current.category}`);
    await page.getByTestId('kind-weekly').scrollIntoViewIfNeeded();
    await shot(page, `hub-${label}`);
    await page.getByTestId('kind-weekly').click();
    await page.waitForURL(`${stack.url}/weekly`);

    await visible(page.getByRole('heading', { name: "This Week's Challenge" }));
    expect(await text(page.getByTestId('weekly-title'))).toBe(current.title);
    await visible(page.getByText('+1 Streak'));
    expect(await text(page.getByTestId('weekly-category'))).toBe(current.category);
    await visible(page.getByText('No completed challenges yet'));
    expect(await text(page.getByTestId('weekly-streak'))).toBe('0 weeks');

    // The five pages: a swipe turns one over 50 px, a short one does not; then the keys and the dots.
    // Part 2 reads as a sentence: the catalogue's "- " list marker is not shown (issue 22).
    expect(current.challengePart2.startsWith('- Instead of')).toBe(true);
    const part2 = current.challengePart2.replace(/^\s*-\s+/, '');
    const expected = [current.preview, current.why, current.challengePart1, part2, current.reflection];
    const pageText = async (i: number) => text(page.getByTestId(`weekly-page-${PAGE_KEYS[i]}`).locator('p'));
    expect(await pageOf(page)).toBe(0);
    expect(await pageText(0)).toBe(expected[0]);
    await dragPane(page, -30, touch);
    await expect.poll(() => pageOf(page)).toBe(0);
    await dragPane(page, -120, touch);
    await expect.poll(() => pageOf(page)).toBe(1);
    await dragPane(page, -120, touch);
    await expect.poll(() => pageOf(page)).toBe(2);
    await dragPane(page, 120, touch);
    await expect.poll(() => pageOf(page)).toBe(1);
    await page.getByTestId('weekly-pane').focus();
    for (const i of [2, 3, 4]) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => pageOf(page)).toBe(i);
      expect(await pageText(i)).toBe(expected[i]);
    }
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => pageOf(page)).toBe(4);
    await page.getByRole('button', { name: 'Page 1 of 5: Preview' }).click();
    await expect.poll(() => pageOf(page)).toBe(0);
    expect(await page.getByRole('button', { name: 'Page 1 of 5: Preview' }).getAttribute('aria-current')).toBe('step');
    await page.waitForTimeout(400); // the 300 ms slide ends before the picture
    await shot(page, label);
    expect(await seriousViolations(page, '[data-remote="challenges"]')).toEqual([]);

    // Accept: the confetti canvas appears for a moment.
    await page.evaluate(`(() => {
      window.__weeklyEvents = [];
      for (const n of ['weekly-completed', 'challenge-completed', 'xp-updated', 'streak-updated']) window.addEventListener(n, () => window.__weeklyEvents.push(n));
      window.__confetti = false;
      new MutationObserver(() => { if (document.querySelector('body > canvas')) window.__confetti = true; }).observe(document.body, { childList: true });
    })()`);
    await page.getByRole('button', { name: 'Accept Challenge' }).click();
    await expect.poll(() => page.evaluate('window.__confetti === true'), { timeout: 5_000 }).toBe(true);
    const completeButton = await visible(page.getByRole('button', { name: 'Complete Challenge' }));

    // Complete with a note and a photo.
    await completeButton.first().click();
    const dialog = page.getByRole('dialog', { name: 'Complete Challenge' });
    await visible(dialog);
    const note = dialog.getByPlaceholder('What did you do?');
    expect(await note.getAttribute('rows')).toBe('3');
    if (pod) {
      await visible(dialog.getByText('Share with your pods'));
      await dialog.getByRole('checkbox', { name: 'Sunrise Crew' }).check();
    } else expect(await dialog.getByText('Share with your pods').count()).toBe(0); // no pods, no section
    await note.fill(`Went to the lake at sunrise (${label}).`);
    await dialog
      .getByLabel('Add a photo (optional)')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: gradientPng(320) });
    await visible(dialog.getByAltText('Preview of proof.png'));
    await page.waitForTimeout(350);
    await shot(page, `complete-${label}`);
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/quests/me/weekly/${current.id}/complete`,
    );
    await dialog.getByRole('button', { name: 'Complete Challenge', exact: true }).click();
    const sentBody = (await sent).postDataJSON() as { note?: string; podIds?: string[]; photoId?: string };
    expect(sentBody.note).toBe(`Went to the lake at sunrise (${label}).`);
    expect(sentBody.podIds).toEqual(pod ? [pod.id] : undefined);
    expect(sentBody.photoId).toMatch(/^[0-9a-f-]{36}$/); // uploaded first (POST /api/quests/me/photos), then its id
    await visible(page.getByText('Challenge completed! +120 XP'));
    await dialog.waitFor({ state: 'hidden' });
    const completed = await visible(page.getByRole('button', { name: 'Completed!' }));
    expect(await completed.first().isDisabled()).toBe(true);
    await expect.poll(() => text(page.getByTestId('weekly-streak'))).toBe('1 week');
    await expect
      .poll(() => page.evaluate('window.__weeklyEvents.slice().sort().join(",")'))
      .toBe('challenge-completed,streak-updated,weekly-completed,xp-updated');
    const progress = (await api('GET', '/api/quests/me/progress')).body as { totalXP: number; weeklyStreak: number };
    expect(progress).toMatchObject({ totalXP: 120, weeklyStreak: 1 });

    // The victory, with its proof.
    const victories = page.getByTestId('recent-victories');
    await visible(victories.getByText(current.title));
    await victories
      .getByRole('button', { name: new RegExp(current.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .click();
    const detail = page.getByRole('dialog', { name: 'Challenge Complete' });
    await visible(detail.getByText(`Went to the lake at sunrise (${label}).`));
    await visible(detail.getByText('+120 XP'));
    await page.waitForTimeout(350); // the dialog's fade-in ends before the picture
    await visible(detail.getByAltText(`Your proof photo for ${current.title}`));
    // The signed link loads: the image has its pixels.
    await expect
      .poll(() => page.evaluate(`document.querySelector('.ch-victory-detail__photo')?.naturalWidth ?? 0`))
      .toBeGreaterThan(0);
    await shot(page, `victory-${label}`);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // Reload: still completed. A second completion changes nothing.
    await page.reload();
    await visible(page.getByRole('button', { name: 'Completed!' }));
    expect(await page.getByRole('button', { name: 'Completed!' }).isDisabled()).toBe(true);
    await visible(page.getByTestId('recent-victories').getByText(current.title));
    await shot(page, `completed-${label}`);
    const again = await api('POST', `/api/quests/me/weekly/${current.id}/complete`, { note: 'again' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ completedNow: false, xpAwarded: 0 });
    expect((await api('GET', '/api/quests/me/progress')).body).toMatchObject({ totalXP: 120, weeklyStreak: 1 });
    if (label === 'desktop') {
      // The challenge's own address shows it, completed.
      await page.goto(`${stack.url}/challenges/${current.id}`);
      expect(await text(await visible(page.getByTestId('weekly-title')))).toBe(current.title);
      await visible(page.getByRole('button', { name: 'Completed!' }));
      // Spec §2.2: when the detail cannot be read, only the title, the week and the XP show.
      const restore = await outage(page, `/api/quests/me/weekly/${current.id}`);
      await page.getByTestId('recent-victories').getByRole('button').first().click();
      const failed = page.getByRole('dialog', { name: 'Challenge Complete' });
      await visible(failed.getByText('+120 XP'));
      await visible(failed.getByText(current.title));
      await expect.poll(() => failed.getByText('Went to the lake').count()).toBe(0);
      await restore();
      await page.keyboard.press('Escape');
      // The deck's side panel shows the weekly streak.
      await page.goto(`${stack.url}/?deck=daily`);
      await expect.poll(() => text(page.getByTestId('stat-weekly-streak'))).toBe('1');
    }
    await me.close();
  });
});

describe('weekly stats', () => {
  it('Time Remaining turns yellow at 24 h and red at 6 h (controlled clock), on a phone; no confetti with reduced motion', async ({
    browser,
    stack,
  }) => {
    const me = await player(browser, stack, PHONE, 'clock', { reducedMotion: 'reduce' });
    const { page, api } = me;
    const week = (await api('GET', '/api/quests/me/weekly')).body as Weekly;
    const { weekEndsAt } = week;
    const end = Date.parse(weekEndsAt);
    const HOUR = 3_600_000;
    const start = new Date(end - 24 * HOUR - 30 * 60_000);
    await page.clock.install({ time: start });
    await page.goto(`${stack.url}/weekly`);
    const remaining = page.getByTestId('time-remaining');
    await expect.poll(() => remaining.getAttribute('data-tone'), { timeout: 15_000 }).toBe('normal');
    // The page's clock runs on from `start` (seconds pass while the page loads); exact values are unit-tested.
    expect(await text(remaining)).toMatch(/^1d 0h (29|30)m$/);
    const colour = () =>
      page.evaluate(`getComputedStyle(document.querySelector('[data-testid="time-remaining"]')).color`);
    const plain = await colour();

    await page.clock.fastForward(30 * 60_000); // 24 h left at most; the 60 s refresh picks it up
    await expect.poll(() => remaining.getAttribute('data-tone')).toBe('warning');
    const yellow = await colour();
    expect(yellow).not.toBe(plain);

    await page.clock.fastForward(18 * HOUR - 5 * 60_000); // a little over 6 h: still yellow
    await expect.poll(() => text(remaining)).toMatch(/^6h [0-5]m$/);
    expect(await remaining.getAttribute('data-tone')).toBe('warning');
    await page.clock.fastForward(5 * 60_000); // 6 h at most
    await expect.poll(() => remaining.getAttribute('data-tone')).toBe('danger');
    const red = await colour();
    expect(red).not.toBe(yellow);
    await page.clock.fastForward(5 * HOUR);
    await expect.poll(() => text(remaining)).toMatch(/^(1h 0m|5\dm)$/);
    expect(await remaining.getAttribute('data-tone')).toBe('danger');
    await remaining.scrollIntoViewIfNeeded();
    await shot(page, 'time-remaining-red-phone');

    // Reduced motion: accepting shows no confetti.
    await page.evaluate(`(() => {
      window.__confetti = false;
      new MutationObserver(() => { if (document.querySelector('body > canvas')) window.__confetti = true; }).observe(document.body, { childList: true });
    })()`);
    await page.getByRole('button', { name: 'Accept Challenge' }).click();
    await visible(page.getByRole('button', { name: 'Complete Challenge' }));
    await page.clock.runFor(1_500);
    expect(await page.evaluate('window.__confetti')).toBe(false);

    // Spec §8: a failed completion shows "Failed to complete challenge" and the modal closes.
    const restore = await outage(page, `/api/quests/me/weekly/${week.challenges[0]!.id}/complete`);
    await page.getByRole('button', { name: 'Complete Challenge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Challenge' });
    await dialog.getByRole('button', { name: 'Complete Challenge', exact: true }).click();
    await visible(page.getByText('Failed to complete challenge'));
    await dialog.waitFor({ state: 'hidden' });
    await restore();
    expect(((await api('GET', '/api/quests/me/progress')).body as { totalXP: number }).totalXP).toBe(0);
    await me.close();
  });
});

const run = promisify(execFile);

describe('weekly admin page', () => {
  it('tells a non-admin they need admin access; an admin creates, edits, assigns, rotates and retires a challenge through the page', async ({
    browser,
    stack,
  }) => {
    const me = await player(browser, stack, DESKTOP, 'admin');
    const { page } = me;
    await page.goto(`${stack.url}/settings/admin`);
    await visible(page.getByText('You need admin access'));
    await page.goto(`${stack.url}/settings`);
    await visible(page.getByRole('heading', { name: 'Settings' }));
    expect(await page.getByRole('link', { name: 'Weekly challenges admin' }).count()).toBe(0);

    // npm run admin -- grant <email> (its bundle, built with the launcher's), against this stack's database; the role arrives with the next token.
    await run(process.execPath, ['--enable-source-maps', 'infra/local/dist/admin-cli.mjs', 'grant', me.email], {
      cwd: repoRoot,
      env: { ...process.env, VERE_DATA_DIR: stack.dataDir, DATABASE_URL: '' },
    });
    await page.reload();
    await page.getByRole('link', { name: 'Weekly challenges admin' }).click();
    await page.waitForURL(`${stack.url}/settings/admin`);
    await visible(page.getByRole('heading', { name: 'Weekly challenges' }));
    await visible(page.getByTestId('admin-challenge').first());

    const title = `Notice three kind things ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'New challenge' }).click();
    const form = page.getByRole('form', { name: 'New challenge' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Category').selectOption('Mindfulness');
    await form.getByLabel('Preview').fill('Spot kindness around you this week.');
    await form.getByLabel('Why').fill('Noticing kindness makes it easier to give.');
    await form.getByLabel('Insight').fill('We see more of what we look for.');
    await form.getByLabel('Challenge').fill('Write down three kind acts you saw. - Instead of scrolling, look up.');
    await form.getByLabel('Reflection').fill('Which one stayed with you?');
    await shot(page, 'admin-desktop');
    await form.getByRole('button', { name: 'Create challenge' }).click();
    await visible(page.getByText('Challenge created'));
    const row = page.getByTestId('admin-challenge').filter({ hasText: title });
    await visible(row);

    // Edit it, assign it to a week, rotate another week, then retire it.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${title}` });
    await edit.getByLabel('Title').fill(`${title}!`);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText('Challenge saved'));
    const edited = page.getByTestId('admin-challenge').filter({ hasText: `${title}!` });
    await visible(edited);
    await page.getByLabel('Week number').fill('9001');
    await page
      .getByLabel('Challenge for that week')
      .selectOption({ label: await text(edited.locator('.ac-admin__item-title')) });
    await page.getByRole('button', { name: 'Assign to week' }).click();
    await visible(page.getByText(`Week 9001`).filter({ hasText: `${title}!` }));
    await page.getByLabel('Week number').fill('9002');
    await page.getByRole('button', { name: 'Rotate to next' }).click();
    await visible(page.getByText(/^Week 9002 /));
    await page.getByRole('button', { name: 'Rotate to next' }).click();
    await visible(page.getByText('No data returned from rotation function'));
    await edited.getByRole('button', { name: `Deactivate ${title}!` }).click();
    await visible(page.getByText('Challenge deactivated'));
    await visible(edited.getByText('Inactive', { exact: false }));
    expect(await seriousViolations(page, '[data-remote="account"]')).toEqual([]);
    await me.close();
  });
});
