import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PASSWORD, visible } from '../support/app';
import { seriousViolations } from '../support/axe';
import { PHONE } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { befriend, docShotBothSizes, signUp } from '../support/people';
import type { Stack } from '../support/stack';

/**
 * Three people, three browsers: friends, one pod (one invitee signed out when the link arrives),
 * everyone accepts and completes the weekly challenge and shares it to the pod through the
 * Complete Challenge modal → every member's open pod page shows the streak at 1 without a reload,
 * and the page's `pod-streak-updated` event fired; the weekly view shows the friends doing this.
 */

/**
 * Records the page's `pod-streak-updated` events and marks the document, before any of its scripts
 * run: a reload would start a new document without the mark.
 */
async function watchPage(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = globalThis as unknown as {
      __podStreakEvents: unknown[];
      addEventListener(t: string, l: (e: { detail: unknown }) => void): void;
    };
    w.__podStreakEvents = [];
    w.addEventListener('pod-streak-updated', (e) => w.__podStreakEvents.push(e.detail));
  });
}
const streakEvents = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __podStreakEvents: unknown[] }).__podStreakEvents);
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument === true);

async function context(browser: Browser, stack: Stack): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  await watchPage(ctx);
  return ctx;
}

async function acceptWeekly(page: Page, stack: Stack): Promise<void> {
  await page.goto(`${stack.url}/weekly`);
  await page.getByRole('button', { name: 'Accept Challenge' }).click();
  await visible(page.getByRole('button', { name: 'Complete Challenge' }));
}

/** Completes the weekly challenge through the Complete Challenge modal, shared to `podName`. */
async function completeAndShare(page: Page, podName: string, note: string): Promise<void> {
  await page.getByRole('button', { name: 'Complete Challenge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Challenge' });
  await visible(dialog.getByText('Share with your pods'));
  await dialog.getByPlaceholder('What did you do?').fill(note);
  await dialog.getByRole('checkbox', { name: podName }).check();
  await dialog.getByRole('button', { name: 'Complete Challenge', exact: true }).click();
  await visible(page.getByRole('button', { name: 'Completed!' }));
}

describe('the pod streak, live, with three people', () => {
  it(
    'rises to 1 on every open pod page without a reload once all three completed and shared',
    { timeout: 300_000 },
    async ({ browser, stack }) => {
      const aCtx = await context(browser, stack);
      const bCtx = await context(browser, stack);
      const a = await signUp(stack, aCtx, 'ada', 'Ada Lovelace', { timeZone: 'UTC' });
      const b = await signUp(stack, bCtx, 'bob', 'Bob Builder', { timeZone: 'UTC' });
      const signUpCtx = await browser.newContext();
      const c = await signUp(stack, signUpCtx, 'cy', 'Cy Twombly', { timeZone: 'UTC' });
      await signUpCtx.close(); // C is signed out everywhere
      await befriend(stack, aCtx, a, b);
      await befriend(stack, aCtx, a, c);
      await befriend(stack, aCtx, b, c);

      // A creates the pod and reads its invite link.
      const aPod = await aCtx.newPage();
      await aPod.goto(`${stack.url}/create-pod`);
      await aPod.getByLabel('Pod name').fill('Sunrise Club');
      await aPod.getByRole('button', { name: 'Create Pod' }).click();
      await visible(aPod.getByRole('heading', { level: 1, name: 'Sunrise Club' }));
      const podUrl = aPod.url();
      const podId = podUrl.split('/').pop()!;
      const link = await aPod.getByRole('textbox', { name: 'Invite link' }).first().inputValue();

      // C, signed out, opens the link: sign-in, back on the join screen, joins.
      const cCtx = await context(browser, stack);
      const cPod = await cCtx.newPage();
      await cPod.goto(link);
      await visible(cPod.getByRole('heading', { name: 'Welcome back' }));
      await cPod.getByLabel('Email', { exact: true }).fill(c.email);
      await cPod.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await cPod.getByRole('button', { name: 'Sign In' }).click();
      await visible(cPod.getByTestId('invite-preview'));
      expect(new URL(cPod.url()).pathname).toBe(new URL(link).pathname);
      await cPod.getByRole('button', { name: 'Join Sunrise Club' }).click();
      await visible(cPod.getByRole('heading', { level: 1, name: 'Sunrise Club' }));

      // B joins, signed in.
      const bPod = await bCtx.newPage();
      await bPod.goto(link);
      await bPod.getByRole('button', { name: 'Join Sunrise Club' }).click();
      await visible(bPod.getByRole('heading', { level: 1, name: 'Sunrise Club' }));

      // Every member keeps the pod page open from here on (A's shows the two joins after one read).
      await aPod.reload();
      await expect.poll(() => aPod.getByTestId('pod-member').count(), { timeout: 10_000 }).toBe(3);
      const podPages = [aPod, bPod, cPod];
      for (const page of podPages) {
        await visible(page.getByTestId('pod-streak').getByText('0 weeks'));
        await markDocument(page);
      }

      // B and C accept this week's challenge; A's weekly view then shows them as friends doing it.
      const bWeekly = await bCtx.newPage();
      const cWeekly = await cCtx.newPage();
      await acceptWeekly(bWeekly, stack);
      await acceptWeekly(cWeekly, stack);
      // A's first stream attempt fails: the page tries again by itself, with a new ticket.
      const aWeekly = await aCtx.newPage();
      const tickets: number[] = [];
      aWeekly.on('response', (r) => {
        if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/pods/me/stream-ticket')
          tickets.push(r.status());
      });
      const isStream = (url: URL) => url.pathname === '/api/pods/me/events';
      let failed = false;
      await aWeekly.route(isStream, async (route) => {
        if (failed) return route.continue();
        failed = true;
        return route.abort('connectionreset');
      });
      await aWeekly.goto(`${stack.url}/weekly`);
      const friendsRow = aWeekly.getByTestId('friends-doing-this');
      await visible(friendsRow);
      await visible(friendsRow.getByText('2 friends are doing this'));
      expect(await friendsRow.getByRole('img', { name: b.name }).count()).toBe(1);
      expect(await friendsRow.getByRole('img', { name: c.name }).count()).toBe(1);
      expect(await friendsRow.getByRole('list').getAttribute('aria-label')).toContain('2 friends are doing this');
      await aWeekly.getByRole('button', { name: 'Accept Challenge' }).click();
      await visible(aWeekly.getByRole('button', { name: 'Complete Challenge' }));
      await visible(aWeekly.getByTestId('weekly-pod-streak').getByText('0 weeks'));
      await expect.poll(() => tickets, { timeout: 15_000 }).toEqual([201, 201]);
      await aWeekly.unroute(isStream);
      await markDocument(aWeekly);
      await docShotBothSizes(aWeekly, 'weekly-friends');
      expect(await seriousViolations(aWeekly, '[data-remote="challenges"]')).toEqual([]);

      // Two of three complete and share: the log fills live, the streak stays at 0.
      await completeAndShare(bWeekly, 'Sunrise Club', 'Bob made it');
      await completeAndShare(cWeekly, 'Sunrise Club', 'Cy too');
      for (const page of podPages) {
        await expect.poll(() => page.getByTestId('pod-log').getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
        await visible(page.getByTestId('pod-streak').getByText('0 weeks'));
      }

      // The last member completes: every open pod page shows 1 week, without a reload.
      await completeAndShare(aWeekly, 'Sunrise Club', 'Ada closes the week');
      for (const page of podPages) {
        await visible(page.getByTestId('pod-streak').getByText('1 week', { exact: true }), 15_000);
        await expect.poll(() => page.getByTestId('pod-log').getByRole('listitem').count(), { timeout: 15_000 }).toBe(3);
        expect(await sameDocument(page)).toBe(true);
        expect(await streakEvents(page)).toEqual([{ podId, streak: 1 }]);
        await visible(page.getByTestId('pod-live-status').getByText('The pod streak is now 1 week.'));
      }
      // A's weekly view follows too (its pods card), without a reload, and fired the event.
      await visible(aWeekly.getByTestId('weekly-pod-streak').getByText('1 week', { exact: true }), 15_000);
      expect(await sameDocument(aWeekly)).toBe(true);
      expect(await streakEvents(aWeekly)).toEqual([{ podId, streak: 1 }]);

      await docShotBothSizes(bPod, 'connect-pod-live-streak');
      expect(await seriousViolations(bPod, '[data-remote="connect"]')).toEqual([]);

      await aCtx.close();
      await bCtx.close();
      await cCtx.close();
    },
  );
});
