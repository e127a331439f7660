import type { Page } from 'playwright-core';
import { nextApiResponse, outage } from '../support/api';
import { visible } from '../support/app';
import { DESKTOP, PHONE, snap } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';

const PODS = '/api/pods/me/pods';
const ENTITLEMENT = '/api/billing/me/entitlement';

/**
 * Remotes show what their services answer: the Connect hub's pods from the pods service, the plan
 * (Settings and the shell's user block) from billing. A failed read shows a retryable error, never
 * an empty list or a guessed plan. A user who is in a pod is not covered here: nothing can put
 * one in a pod yet (no create or join endpoint), and the tests cannot reach the embedded database.
 */
describe('remotes backed by their services', () => {
  // Each test signs a fresh account in through the API (the `signedIn` fixture) on the file's stack.
  const connect = (page: Page) => page.locator('[data-remote="connect"]');
  const pods = (page: Page) => page.getByTestId('pods-section');
  const shellPlan = (page: Page) => page.getByTestId('user-plan').filter({ visible: true });

  it('shows a new user "No pods yet", as the pods service answers', async ({ stack, signedIn: { page } }) => {
    await page.setViewportSize(PHONE);
    const answer = nextApiResponse(page, PODS);
    await page.goto(`${stack.url}/connect`);
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ pods: [] });

    await visible(pods(page).getByRole('heading', { name: 'No pods yet' }));
    await visible(pods(page).getByRole('link', { name: 'Create Pod' }));
    expect(await pods(page).getByRole('alert').count()).toBe(0);
    // The friends list is read from the pods service too: a new user has none.
    await visible(connect(page).getByRole('heading', { name: 'No friends yet' }));

    await visible(shellPlan(page).filter({ hasText: 'Free User' }));
    await snap(page, 'connect-phone');
    await page.setViewportSize(DESKTOP);
    await visible(shellPlan(page).filter({ hasText: 'Free User' }));
    await snap(page, 'connect-desktop');
  });

  it('shows "Free User" on Settings and in the frame, as billing answers', async ({ stack, signedIn: { page } }) => {
    await page.setViewportSize(PHONE);
    const answer = nextApiResponse(page, ENTITLEMENT);
    await page.goto(`${stack.url}/settings`);
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      isActive: false,
      productId: null,
      expirationDate: null,
      willRenew: false,
      source: 'unknown',
    });

    const plan = await visible(page.getByTestId('settings-plan').filter({ hasText: 'Free User' }));
    expect(await plan.getAttribute('data-state')).toBe('free');
    expect(await shellPlan(page).textContent()).toBe('Free User');
    // A free user is offered Pro: in the top bar on a phone, in the sidebar card on a desktop.
    await visible(page.locator('.shell-topbar').getByRole('link', { name: 'Unlock Pro' }));
    await visible(page.locator('[data-remote="account"]').getByRole('link', { name: 'Unlock Pro' }));
    await snap(page, 'settings-phone');

    await page.setViewportSize(DESKTOP);
    await visible(page.getByTestId('go-pro'));
    await snap(page, 'settings-desktop');
  });

  it('shows a retryable error when the pods service fails, and Retry reads it again', async ({
    stack,
    signedIn: { page },
  }) => {
    await page.setViewportSize(PHONE);
    const restore = await outage(page, PODS);
    try {
      await page.goto(`${stack.url}/connect`);
      const alert = await visible(pods(page).getByRole('alert').filter({ hasText: "Couldn't load your pods" }));
      expect(await pods(page).getByText('No pods yet').count()).toBe(0);
      await snap(page, 'connect-pods-error-phone');

      await restore();
      const answer = nextApiResponse(page, PODS);
      await alert.getByRole('button', { name: 'Retry' }).click();
      expect((await answer).status()).toBe(200);
      await visible(pods(page).getByRole('heading', { name: 'No pods yet' }));
      expect(await pods(page).getByRole('alert').count()).toBe(0);
    } finally {
      await restore();
    }
  });

  it('does not guess the plan when billing fails, and Retry reads it again', async ({ stack, signedIn: { page } }) => {
    await page.setViewportSize(DESKTOP);
    const restore = await outage(page, ENTITLEMENT);
    try {
      await page.goto(`${stack.url}/settings`);
      const plan = await visible(page.locator('[data-testid="settings-plan"][data-state="error"]'));
      expect(await plan.getAttribute('role')).toBe('alert');
      expect(await plan.textContent()).toContain("Couldn't load your plan");
      // The frame shows a neutral, retryable placeholder and no upsell: no "Free User" guess.
      await visible(shellPlan(page).filter({ hasText: 'Plan unavailable' }));
      expect(await page.getByText('Free User').count()).toBe(0);
      expect(await page.getByTestId('go-pro').count()).toBe(0);
      await snap(page, 'settings-plan-error-desktop');

      await restore();
      await plan.getByRole('button', { name: 'Retry' }).click();
      await visible(page.getByTestId('settings-plan').filter({ hasText: 'Free User' }));
      await shellPlan(page).click();
      await visible(shellPlan(page).filter({ hasText: 'Free User' }));
      await visible(page.getByTestId('go-pro'));
    } finally {
      await restore();
    }
  });
});
