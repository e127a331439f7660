import type { Page } from 'playwright-core';
import { newUser, signInThroughUi, signUpThroughUi, visible } from '../support/app';
import { DESKTOP, PHONE, snap } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { seriousViolations } from '../support/axe';

/** Issue 7's acceptance viewport for desktop. */
const WIDE = { width: 1440, height: 900 };

async function me(page: Page, baseUrl: string) {
  const token = await page.evaluate(`fetch('/api/identity/auth/refresh', { method: 'POST', credentials: 'include' })
    .then((r) => r.json()).then((b) => b.accessToken)`);
  const res = await page.request.get(`${baseUrl}/api/identity/me`, {
    headers: { Authorization: `Bearer ${String(token)}` },
  });
  return ((await res.json()) as { user: { hasCompletedOnboarding: boolean; tutorialsSeen: string[] } }).user;
}

const slideTitle = (page: Page) => page.getByTestId('onboarding-slide').getByRole('heading').textContent();

describe('pre-auth onboarding', () => {
  it('runs through with a fake clock: auto-advancing slides, skip, the sample card and the friends card', async ({
    browser,
    stack,
  }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2026-11-23T10:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-23T10:00:01Z'));
    await page.goto(`${stack.url}/`);
    await page.waitForURL(`${stack.url}/onboarding`);
    // With the clock paused, requestAnimationFrame waits too, so clicks are dispatched (no wait for
    // the element to settle) and keys go to the page.
    // The splash leaves 500 ms after start-up, and React reveals lazy pages on a timer too.
    await page.clock.runFor(1_000);
    await visible(page.getByRole('heading', { name: 'Your adventure starts here' }));
    expect(await page.getByRole('button', { name: /^Slide \d/ }).count()).toBe(4);
    await snap(page, 'onboarding-phone');

    await page.clock.runFor(3_000);
    await visible(page.getByRole('heading', { name: 'One new challenge every week' }));
    await page.clock.runFor(3_000);
    await visible(page.getByRole('heading', { name: 'Do it solo, or with your crew' }));

    // Any interaction stops the auto-advance; the arrow keys move by hand.
    await page.keyboard.press('ArrowLeft');
    await visible(page.getByRole('heading', { name: 'One new challenge every week' }));
    await page.clock.runFor(9_000);
    expect(await slideTitle(page)).toBe('One new challenge every week');

    await page.getByRole('button', { name: 'Skip' }).dispatchEvent('click');
    await visible(page.getByRole('heading', { name: "See how far you've come" }));
    expect(await page.getByRole('button', { name: 'Show me a challenge' }).count()).toBe(0);
    await page.clock.runFor(2_000);
    await page.getByRole('button', { name: 'Show me a challenge' }).dispatchEvent('click');

    const card = await visible(page.getByTestId('sample-challenge'));
    expect(await card.textContent()).toContain('Off Script');
    expect(await card.textContent()).toContain('Change one small routine this week.');
    await page.getByRole('button', { name: "I'm In!" }).dispatchEvent('click');
    expect(await page.getByRole('heading', { name: 'Want to do this with friends?' }).count()).toBe(0);
    await page.clock.runFor(1_000);
    await visible(page.getByRole('heading', { name: 'Want to do this with friends?' }));
    for (const feature of ['Create Pod', 'Group Challenges', 'Post Updates']) await visible(page.getByText(feature));
    await snap(page, 'onboarding-friends-phone');
    // axe runs on timers of its own: let time flow again first.
    await page.clock.resume();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: "Let's Go!" }).dispatchEvent('click');
    await page.waitForURL(/\/auth\?mode=sign-up/);
    expect(await page.evaluate(`localStorage.getItem('pre_auth_onboarding_completed')`)).toBe('true');

    // Completed: the front door now goes straight to sign-in; the test page says so and can reset it.
    await page.goto(`${stack.url}/`);
    await page.waitForURL(/\/auth$/);
    await page.goto(`${stack.url}/test-pre-auth`);
    expect(await (await visible(page.getByTestId('pre-auth-would-show'))).textContent()).toBe('No');
    await page.getByRole('button', { name: 'Reset onboarding' }).dispatchEvent('click');
    expect(await page.getByTestId('pre-auth-would-show').textContent()).toBe('Yes');
    await context.close();
  });

  it('is never shown to a browser where someone has signed in, nor on deep links', async ({
    browser,
    stack,
    signedIn,
  }) => {
    await signedIn.page.goto(`${stack.url}/settings`);
    await signedIn.page.getByRole('button', { name: 'Sign Out' }).filter({ visible: true }).click();
    await signedIn.page.waitForURL(/\/auth/);
    await signedIn.page.goto(`${stack.url}/`);
    await signedIn.page.waitForURL(/\/auth$/);

    const visitor = await browser.newContext({ viewport: PHONE });
    const deepLink = await visitor.newPage();
    await deepLink.goto(`${stack.url}/connect`);
    await deepLink.waitForURL(/\/auth$/);
    await visitor.close();
  });
});

describe('post-sign-up intro and the guided tours', () => {
  it('intro then home tour; both stay done after a reload and in another browser; the challenge tour follows', async ({
    browser,
    stack,
  }) => {
    const user = newUser('intro');
    const context = await browser.newContext({ viewport: WIDE });
    const page = await context.newPage();
    await signUpThroughUi(page, stack.url, user, { intro: 'keep' });
    const intro = await visible(page.getByRole('dialog', { name: 'Welcome to Vere' }));
    await visible(intro.getByRole('heading', { name: 'Daily & Weekend Sidequests' }));
    expect(await intro.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
    await snap(page, 'intro-desktop');
    await intro.getByRole('button', { name: 'Next' }).click();
    await visible(intro.getByRole('heading', { name: 'Pods & Friends' }));
    await intro.getByRole('button', { name: 'Previous' }).click();
    await visible(intro.getByRole('heading', { name: 'Daily & Weekend Sidequests' }));
    await intro.getByRole('button', { name: 'Next' }).click();
    await intro.getByRole('button', { name: 'Next' }).click();
    await visible(intro.getByRole('heading', { name: 'Action-Based Playbooks' }));
    await intro.getByRole('button', { name: 'Get Started' }).click();

    const tour = await visible(page.getByRole('dialog', { name: 'Welcome to Vere' }));
    await visible(tour.getByText('Home tour · Step 1 of 6'));
    // Focus is held in the tour: Tab never reaches the page behind it.
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(`!!document.activeElement?.closest('dialog[open]')`)).toBe(true);
    }
    await tour.getByRole('button', { name: 'Next' }).click();
    await visible(page.getByText('Home tour · Step 2 of 6'));
    // The spotlight sits on the step's target, the daily sidequests card.
    await expect
      .poll(() =>
        page.evaluate(`(() => {
      const s = document.querySelector('[data-testid="tour-spotlight"]')?.getBoundingClientRect();
      const t = document.querySelector('[data-tour="daily"]')?.getBoundingClientRect();
      return !!s && !!t && t.width > 0 && Math.abs(s.left + 8 - t.left) < 2 && Math.abs(s.top + 8 - t.top) < 2;
    })()`),
      )
      .toBe(true);
    await snap(page, 'tour-home-desktop');
    for (let step = 3; step <= 6; step += 1) {
      await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
      await visible(page.getByText(`Home tour · Step ${step} of 6`));
    }
    await page.getByRole('dialog').getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await me(page, stack.url)).tutorialsSeen).toEqual(['home']);
    expect((await me(page, stack.url)).hasCompletedOnboarding).toBe(true);

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Choose Your Challenge' }));
    await page.waitForTimeout(1_000);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Another browser, signed in within the new-account window: the server says it is all done.
    const other = await browser.newContext({ viewport: PHONE });
    const phone = await other.newPage();
    await signInThroughUi(phone, stack.url, user);
    await phone.waitForURL(`${stack.url}/`);
    await visible(phone.getByRole('heading', { name: 'Choose Your Challenge' }));
    await phone.waitForTimeout(1_000);
    expect(await phone.getByRole('dialog').count()).toBe(0);

    // The weekly challenge page's own tour, once; Escape skips it and it stays skipped.
    await phone.goto(`${stack.url}/challenges`);
    await visible(phone.getByText('Challenge tour · Step 1 of 5'));
    expect(await seriousViolations(phone, 'dialog[open]')).toEqual([]);
    await snap(phone, 'tour-challenges-phone');
    await phone.keyboard.press('Escape');
    await phone.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await me(phone, stack.url)).tutorialsSeen).toEqual(['home', 'challenges']);
    await phone.reload();
    await visible(phone.getByRole('heading', { name: "This Week's Challenge" }));
    await phone.waitForTimeout(1_500);
    expect(await phone.getByRole('dialog').count()).toBe(0);
    await other.close();
    await context.close();
  });

  it('skipping the intro skips the tour; Settings can start it again', async ({ browser, stack }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signUpThroughUi(page, stack.url, newUser('skip'), { intro: 'keep' });
    await visible(
      page
        .getByRole('dialog', { name: 'Welcome to Vere' })
        .getByRole('heading', { name: 'Daily & Weekend Sidequests' }),
    );
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await me(page, stack.url)).hasCompletedOnboarding).toBe(true);
    expect((await me(page, stack.url)).tutorialsSeen).toEqual([]);

    await page.goto(`${stack.url}/settings`);
    await page.getByRole('button', { name: 'Take the tour' }).click();
    await page.waitForURL(`${stack.url}/`);
    await visible(page.getByText('Home tour · Step 1 of 6'));
    await page.getByRole('button', { name: 'Skip tour' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('theme', () => {
  it('dark by default; the frame toggle persists light with no flash of dark on reload', async ({
    signedIn,
    stack,
  }) => {
    const { page } = signedIn;
    // Records the theme and background of the very first frame the page paints.
    await page.addInitScript(`requestAnimationFrame(() => {
      window.__firstFrame = { theme: document.documentElement.dataset.theme,
        background: getComputedStyle(document.documentElement).backgroundColor };
    })`);
    await page.goto(`${stack.url}/`);
    await visible(page.getByRole('heading', { name: 'Choose Your Challenge' }));
    expect(await page.evaluate(`window.__firstFrame.theme`)).toBe('dark');
    // A phone's top bar leaves the theme to Settings (its room goes to the name); a wider frame has the toggle.
    const toggle = (next: string) =>
      page.getByRole('button', { name: `Switch to ${next} theme` }).filter({ visible: true });
    expect(await toggle('light').count()).toBe(0);
    await page.setViewportSize(DESKTOP);
    await toggle('light').click();
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(`document.documentElement.dataset.theme`)).toBe('light');
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'home-light-phone');
    await page.reload();
    expect(await page.evaluate(`window.__firstFrame`)).toEqual({ theme: 'light', background: 'rgb(245, 242, 255)' });
    await page.setViewportSize(DESKTOP);
    await visible(toggle('dark'));
  });

  it('the phone top bar: nothing overlaps and the name keeps its room at every phone width', async ({
    signedIn,
    stack,
  }) => {
    const { page } = signedIn;
    await page.goto(`${stack.url}/`);
    await visible(page.getByTestId('level-badge').first());
    // A free user with a streak: the bar's fullest state (logo, user, streak, Unlock Pro, bell).
    await visible(page.locator('.shell-topbar__pro'));
    for (const width of [360, 390, 430, 460, 540, 600, 700, 767]) {
      await page.setViewportSize({ width, height: 800 });
      type Box = { left: number; right: number; width: number };
      type El = { className: unknown; getBoundingClientRect(): Box; clientWidth: number };
      const layout = await page.locator('.shell-topbar').evaluate((node) => {
        const bar = node as unknown as El & { children: Iterable<El>; querySelector(s: string): El };
        const boxes = [...bar.children]
          .map((el) => ({ cls: el.className, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0)
          .map(({ cls, r }) => ({ cls: String(cls), left: Math.round(r.left), right: Math.round(r.right) }));
        const name = bar.querySelector('.shell-user__name')!;
        return { boxes, nameWidth: name.clientWidth, width: bar.clientWidth };
      });
      for (let i = 1; i < layout.boxes.length; i += 1)
        expect(
          layout.boxes[i]!.left,
          `${width} px: ${layout.boxes[i]!.cls} overlaps what is before it`,
        ).toBeGreaterThanOrEqual(layout.boxes[i - 1]!.right);
      expect(layout.boxes.at(-1)!.right, `${width} px: the bar overflows`).toBeLessThanOrEqual(layout.width);
      // "Grace Hopper" shows as "Grace…" at 360 px and in full from 430 px.
      expect(layout.nameWidth, `${width} px: the name's room`).toBeGreaterThanOrEqual(64);
    }
  });
});

describe('errors, notification taps and accessibility', () => {
  it('a page that crashes shows the app-wide card, reports it, and Simple Mode leads to /fallback', async ({
    browser,
    stack,
  }) => {
    const page = await browser.newPage({ viewport: WIDE });
    await page.goto(`${stack.url}/debug`);
    const reported = page.waitForRequest(
      (r) => r.url().endsWith('/api/identity/client-errors') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Simulate a crash' }).click();
    await visible(page.getByRole('heading', { name: 'Vere hit an error' }));
    expect((await reported).postDataJSON()).toMatchObject({
      kind: 'render',
      message: 'Simulated render error from /debug',
    });
    await visible(page.getByRole('button', { name: 'Refresh Page' }));
    await page.getByRole('button', { name: 'Simple Mode' }).click();
    await page.waitForURL(`${stack.url}/fallback`);
    await page.getByRole('link', { name: 'Test page' }).click();
    await visible(page.getByTestId('working-check'));
    await page.close();
  });

  it('a notification tap opens /challenges for a challenge and /connect for a pod', async ({ signedIn, stack }) => {
    const { page } = signedIn;
    await page.goto(`${stack.url}/settings`);
    await visible(page.getByRole('heading', { name: 'Settings' }));
    await page.evaluate(
      `window.dispatchEvent(new CustomEvent('vere:notification-tap', { detail: { type: 'challenge' } }))`,
    );
    await page.waitForURL(`${stack.url}/challenges`);
    await page.evaluate(
      `window.dispatchEvent(new CustomEvent('vere:notification-tap', { detail: { type: 'pod', podId: 'x' } }))`,
    );
    await page.waitForURL(`${stack.url}/connect`);
  });

  it('auth and home have no serious or critical axe violation, on phone and desktop; the nav works by keyboard', async ({
    browser,
    stack,
    signedIn,
  }) => {
    for (const viewport of [PHONE, WIDE]) {
      const visitor = await browser.newContext({ viewport });
      const auth = await visitor.newPage();
      await auth.goto(`${stack.url}/auth`);
      await visible(auth.getByRole('heading', { name: 'Welcome back' }));
      expect(await seriousViolations(auth), `auth ${viewport.width}`).toEqual([]);
      await visitor.close();

      await signedIn.page.setViewportSize(viewport);
      await signedIn.page.goto(`${stack.url}/`);
      await visible(signedIn.page.getByRole('heading', { name: 'Choose Your Challenge' }));
      await visible(signedIn.page.getByTestId('level-badge'));
      expect(await seriousViolations(signedIn.page), `home ${viewport.width}`).toEqual([]);
    }
    // Keyboard: Tab reaches the Connect link in the sidebar and Enter follows it.
    const page = signedIn.page;
    let reached = false;
    for (let i = 0; i < 30 && !reached; i += 1) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate(`document.activeElement?.textContent?.trim()`)) === 'Connect';
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.url}/connect`);
  });
});
