import type { Page } from 'playwright-core';
import { nextApiResponse } from '../support/api';
import { visible } from '../support/app';
import { DESKTOP, PHONE, snap } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';

const ENTITLEMENT = '/api/billing/me/entitlement';

/**
 * Pro on `npm start` with no Stripe keys: the labelled local checkout and portal stand in for
 * Stripe's pages and change the plan only through signed webhooks to billing's real endpoint. The
 * clock is the local portal's test clock (as Stripe's test clocks), not waiting a month.
 * Not covered here: "10 swipes" (the swipe limits are quests' work, not built yet).
 */
describe('Vere Pro through the local checkout', () => {
  const shellPlan = (page: Page) => page.getByTestId('user-plan').filter({ visible: true });
  const unlockPro = (page: Page) => page.locator('.shell-topbar').getByRole('link', { name: 'Unlock Pro' });

  it('a free user upgrades, sees Pro Member, cancels, stays Pro until the period ends, then is free again', async ({
    stack,
    signedIn: { page },
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`${stack.url}/settings`);
    await visible(shellPlan(page).filter({ hasText: 'Free User' }));

    // The frame's "Unlock Pro" leads to the upgrade.
    await (await visible(unlockPro(page))).click();
    await page.waitForURL(`${stack.url}/vere-pro`);
    await snap(page, 'vere-pro-phone');
    await (await visible(page.getByRole('button', { name: 'Upgrade to Pro' }))).click();

    // The local checkout, clearly labelled.
    await page.waitForURL(/\/api\/billing\/local\/checkout\/cs_local_/);
    await visible(page.getByRole('heading', { name: 'Test checkout — no card is charged' }));
    await snap(page, 'local-checkout-phone');
    await page.getByRole('button', { name: 'Subscribe' }).click();

    // Back in the app: the success page asks billing until the webhook has made the user Pro.
    await page.waitForURL(/\/subscription-success\?session_id=cs_local_/);
    await visible(page.getByRole('heading', { name: 'Welcome to Vere Pro!' }));
    await visible(shellPlan(page).filter({ hasText: 'Pro Member' }));
    expect(await unlockPro(page).count()).toBe(0);
    await snap(page, 'subscription-success-phone');

    // The Pro guard lets a Pro member through to the Pro pages (a free user is sent to /pro: celebration.e2e).
    await page.goto(`${stack.url}/pro-hub`);
    await visible(page.getByRole('heading', { name: 'Pro Hub' }));
    expect(page.url()).toBe(`${stack.url}/pro-hub`);

    // Pro in the deck: 10 swipes (quests heard billing's event; the deck itself: challenges.e2e).
    await expect
      .poll(
        async () => {
          await page.goto(`${stack.url}/?deck=daily`);
          await page.getByTestId('swipe-counter').first().waitFor({ state: 'visible', timeout: 15_000 });
          return (await page.getByTestId('swipe-counter').first().textContent())?.trim();
        },
        { timeout: 30_000 },
      )
      .toBe('Swipe to decide • 0/10 swipes');

    // A Pro assessment opens once quests has heard billing's event (the deck above shows it has).
    await page.goto(`${stack.url}/pro/assessments/resilience`);
    await visible(page.getByRole('heading', { name: 'Resilience', level: 1 }));
    expect(page.url()).toBe(`${stack.url}/pro/assessments/resilience`);

    // /subscription: renewal date, manage through the (local) portal.
    await page.goto(`${stack.url}/subscription`);
    const renewal = await visible(page.getByTestId('subscription-renewal'));
    expect(await renewal.textContent()).toMatch(/^Renews on /);
    await page.setViewportSize(DESKTOP);
    await snap(page, 'subscription-desktop');
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(/\/api\/billing\/local\/portal\//);
    await visible(page.getByRole('heading', { name: 'Test billing portal — no card is charged' }));
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await visible(page.getByTestId('local-subscription-status').filter({ hasText: /^Cancelled — Pro until / }));
    await page.setViewportSize(PHONE);
    await snap(page, 'local-portal-phone');
    await page.getByRole('link', { name: 'Return to Vere' }).click();

    // Cancelled: still Pro until the period ends, not renewing.
    await page.waitForURL(`${stack.url}/subscription`);
    await visible(page.getByTestId('subscription-renewal').filter({ hasText: /^Pro until .* will not renew$/ }));
    await visible(shellPlan(page).filter({ hasText: 'Pro Member' }));

    // The period ends (the local portal's test clock jumps to its end): free again.
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(/\/api\/billing\/local\/portal\//);
    await page.getByRole('button', { name: 'Test clock: jump to the end of this period' }).click();
    await visible(page.getByTestId('local-subscription-status').filter({ hasText: /^Ended on / }));
    const answer = nextApiResponse(page, ENTITLEMENT);
    await page.getByRole('link', { name: 'Return to Vere' }).click();
    expect(await (await answer).json()).toEqual({
      isActive: false,
      productId: null,
      expirationDate: null,
      willRenew: false,
      source: 'unknown',
    });
    await visible(shellPlan(page).filter({ hasText: 'Free User' }));
    await visible(page.locator('[data-remote="account"]').getByRole('link', { name: 'Unlock Pro' }));

    // Free again in the deck as well: quests hears billing's event and offers the free 5 swipes.
    const counter = page.getByTestId('swipe-counter');
    await expect
      .poll(
        async () => {
          await page.goto(`${stack.url}/?deck=daily`);
          await counter.first().waitFor({ state: 'visible', timeout: 15_000 });
          return (await counter.first().textContent())?.trim();
        },
        { timeout: 30_000 },
      )
      .toBe('Swipe to decide • 0/5 swipes');
  });

  it('the success page does not trust the redirect: a free user opening it is not made Pro', async ({
    stack,
    signedIn: { page },
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`${stack.url}/subscription-success?session_id=cs_local_forged`);
    await visible(page.getByRole('heading', { name: 'Confirming your payment...' }));
    await visible(shellPlan(page).filter({ hasText: 'Free User' }));
    expect(await page.getByRole('heading', { name: 'Welcome to Vere Pro!' }).count()).toBe(0);
  });

  it('/pro shows the perks to everyone and leads to the upgrade', async ({ stack, signedIn: { page } }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${stack.url}/pro`);
    await visible(page.getByText('10 daily swipes instead of 5'));
    await snap(page, 'pro-desktop');
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(`${stack.url}/vere-pro`);
    await visible(page.getByRole('button', { name: 'Upgrade to Pro' }));
    await page.setViewportSize(PHONE);
    await page.goto(`${stack.url}/payment`);
    await visible(page.getByRole('button', { name: 'Continue to checkout' }));
    await snap(page, 'payment-phone');
  });
});
