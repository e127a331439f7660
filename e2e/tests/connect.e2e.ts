import type { Page } from 'playwright-core';
import { outage } from '../support/api';
import { PASSWORD, visible } from '../support/app';
import { PHONE } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { docShot, docShotBothSizes, member, signUp, type Member } from '../support/people';
import type { Stack } from '../support/stack';
import { seriousViolations } from '../support/axe';

/** The pods service learns profiles from identity's events: wait until `who` can find `username`. */
async function findable(stack: Stack, who: Member, username: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const r = await who.context.request.get(`${stack.url}/api/pods/users/search?q=${username}`, {
          headers: { Authorization: `Bearer ${who.token}` },
        });
        const body = (await r.json()) as { users?: Array<{ username: string }> };
        return body.users?.some((u) => u.username === username) ?? false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

const remote = (page: Page) => page.locator('[data-remote="connect"]');

async function searchFor(page: Page, username: string): Promise<void> {
  await page.getByLabel('Search by username').fill(username.slice(0, -1));
  await page.getByLabel('Search by username').fill(username);
}

describe('connect: friends and pods', () => {
  it(
    'friends, a pod joined through a link after signing in, blocking, and the creation cap',
    { timeout: 240_000 },
    async ({ browser, stack }) => {
      const a = await member(browser, stack, 'ada', 'Ada Lovelace', { clipboard: true });
      const b = await member(browser, stack, 'bob', 'Bob Builder', { clipboard: true });
      const cContext = await browser.newContext({ viewport: PHONE });
      const c = await signUp(stack, cContext, 'cy', 'Cy Twombly');
      await cContext.close(); // C is signed out everywhere

      // An empty hub first: no friends, no pods, the allowance stated plainly.
      await a.page.goto(`${stack.url}/connect`);
      await visible(remote(a.page).getByRole('heading', { name: 'No friends yet' }));
      await visible(remote(a.page).getByRole('heading', { name: 'No pods yet' }));
      await visible(a.page.getByText("You've created 0 of 1 pod"));
      await visible(a.page.getByText('Free: 1 pod, 3 from level 10; Pro: unlimited'));
      await docShotBothSizes(a.page, 'connect-hub-empty');

      // A finds B by username and sends a request.
      await findable(stack, a, b.username);
      await a.page.goto(`${stack.url}/friends`);
      await searchFor(a.page, `@${b.username}`);
      const bRow = a.page.locator(`[data-testid="user-row"][data-username="${b.username}"]`);
      await visible(bRow);
      await bRow.getByRole('button', { name: `Add Friend: ${b.name}` }).click();
      await visible(bRow.getByRole('button', { name: `Cancel request to ${b.name}` }));
      await docShotBothSizes(a.page, 'connect-friends-search');

      // B sees the request on the hub and accepts it.
      await b.page.goto(`${stack.url}/connect`);
      const requests = b.page.getByRole('list', { name: 'Friend requests' });
      await visible(requests.getByText(a.name));
      await docShotBothSizes(b.page, 'connect-hub-request');
      await requests.getByRole('button', { name: `Accept ${a.name}` }).click();
      await visible(b.page.getByTestId('friends-section').getByText('1 friend'));

      // A now has B as a friend.
      await a.page.goto(`${stack.url}/friends`);
      await visible(a.page.getByRole('list', { name: 'Your friends' }).getByText(b.name));

      // A creates a pod (client-side validation first), lands on it, copies the invite link.
      await a.page.goto(`${stack.url}/create-pod`);
      await a.page.getByRole('button', { name: 'Create Pod' }).click();
      await visible(a.page.getByText('Give your pod a name.'));
      await a.page.getByLabel('Pod name').fill('Morning Crew');
      await a.page.getByLabel('Description (optional)').fill('Early risers doing the weekly challenge together.');
      await a.page.getByRole('button', { name: 'Create Pod' }).click();
      await visible(remote(a.page).getByRole('heading', { level: 1, name: 'Morning Crew' }));
      const podUrl = a.page.url();
      expect(podUrl).toMatch(/\/pods\/[0-9a-f-]{36}$/);
      await a.page.getByRole('button', { name: 'Copy Invite Link' }).first().click();
      const link = await a.page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      );
      expect(link).toMatch(new RegExp(`^${stack.url}/join/[A-Za-z0-9_-]{16,64}$`));

      // C, signed out, opens the link: sign-in first, then back on the join screen, and joins.
      const cCtx = await browser.newContext({ viewport: PHONE });
      const cPage = await cCtx.newPage();
      await cPage.goto(link);
      await visible(cPage.getByRole('heading', { name: 'Welcome back' }));
      expect(new URL(cPage.url()).pathname).toBe('/auth');
      await cPage.getByLabel('Email', { exact: true }).fill(c.email);
      await cPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await cPage.getByRole('button', { name: 'Sign In' }).click();
      const preview = cPage.getByTestId('invite-preview');
      await visible(preview);
      expect(new URL(cPage.url()).pathname).toBe(new URL(link).pathname);
      await visible(preview.getByText('Morning Crew'));
      await visible(preview.getByText('1/8 members'));
      await visible(preview.getByText(a.name));
      await docShotBothSizes(cPage, 'connect-join');
      expect(await seriousViolations(cPage, '[data-remote="connect"]')).toEqual([]);
      await cPage.getByRole('button', { name: 'Join Morning Crew' }).click();
      await visible(remote(cPage).getByRole('heading', { level: 1, name: 'Morning Crew' }));
      // Opening the link again says C is already in, with the way to the pod.
      await cPage.goto(link);
      await visible(cPage.getByRole('heading', { name: "You're already in Morning Crew" }));

      // B joins too (already signed in): A sees three members.
      await b.page.goto(link);
      await b.page.getByRole('button', { name: 'Join Morning Crew' }).click();
      await visible(remote(b.page).getByRole('heading', { level: 1, name: 'Morning Crew' }));
      await a.page.goto(podUrl);
      await expect.poll(() => a.page.getByTestId('pod-member').count(), { timeout: 10_000 }).toBe(3);
      await visible(a.page.getByText('3/8', { exact: false }));
      await docShotBothSizes(a.page, 'connect-pod-creator');
      expect(await seriousViolations(a.page, '[data-remote="connect"]')).toEqual([]);

      // A member (C) sees no creator tools but can leave; the leave dialog holds focus and Escape closes it.
      await cPage.goto(podUrl);
      await visible(cPage.getByRole('button', { name: 'Leave Pod' }));
      expect(await cPage.getByTestId('creator-tools').count()).toBe(0);
      await docShotBothSizes(cPage, 'connect-pod-member');
      await cPage.getByRole('button', { name: 'Leave Pod' }).click();
      const leave = cPage.getByRole('dialog', { name: 'Leave Morning Crew?' });
      await visible(leave);
      for (let i = 0; i < 4; i += 1) await cPage.keyboard.press('Tab');
      expect(await leave.locator(':focus').count()).toBe(1);
      await cPage.keyboard.press('Escape');
      await leave.waitFor({ state: 'hidden' });

      // The hub lists the pod with its member count; A is at the free cap and is told why.
      await a.page.goto(`${stack.url}/connect`);
      await visible(a.page.getByTestId('pod-card').getByText('3 members'));
      await visible(a.page.getByText("You've reached your limit of 1 pod on the free plan"));
      await visible(a.page.getByRole('link', { name: 'Get Vere Pro' }));
      expect(await a.page.getByRole('link', { name: 'Create Pod' }).count()).toBe(0);
      expect(await seriousViolations(a.page, '[data-remote="connect"]')).toEqual([]);
      await docShotBothSizes(a.page, 'connect-hub-at-cap');
      // Creating anyway: the server refuses and the page explains the cap.
      await a.page.goto(`${stack.url}/create-pod`);
      await a.page.getByLabel('Pod name').fill('Second Crew');
      await a.page.getByRole('button', { name: 'Create Pod' }).click();
      await visible(a.page.getByText("You've reached your pod limit."));
      await visible(a.page.getByText("You've reached your limit of 1 pod on the free plan"));
      await docShotBothSizes(a.page, 'connect-create-at-cap');

      // B blocks A (keyboard through the confirm dialog).
      await b.page.goto(`${stack.url}/friends`);
      const friends = b.page.getByRole('list', { name: 'Your friends' });
      await friends.getByRole('button', { name: `Block ${a.name}` }).click();
      const confirm = b.page.getByRole('dialog', { name: `Block ${a.name}?` });
      await visible(confirm);
      await confirm.getByRole('button', { name: 'Block', exact: true }).focus();
      await b.page.keyboard.press('Enter');
      await confirm.waitFor({ state: 'hidden' });
      await visible(b.page.getByRole('list', { name: 'Blocked users' }).getByText(a.name));
      await docShotBothSizes(b.page, 'connect-friends-blocked');
      expect(await seriousViolations(b.page, '[data-remote="connect"]')).toEqual([]);

      // A no longer finds B, and the friendship is gone.
      await a.page.goto(`${stack.url}/friends`);
      await visible(a.page.getByRole('heading', { name: 'No friends yet' }));
      await searchFor(a.page, b.username);
      await visible(a.page.getByText(`No one with a username starting “${b.username}”.`));

      // C reports B from search with a reason (the dialog holds keyboard focus); B is hidden from C after that.
      await cPage.goto(`${stack.url}/friends`);
      await searchFor(cPage, b.username);
      const cRow = cPage.locator(`[data-testid="user-row"][data-username="${b.username}"]`);
      await visible(cRow);
      await cRow.getByRole('button', { name: `Report ${b.name}` }).click();
      const report = cPage.getByRole('dialog', { name: `Report ${b.name}` });
      await visible(report);
      await report.getByRole('button', { name: 'Send Report' }).click();
      await visible(report.getByText('Pick a reason.'));
      await report.getByLabel('Harassment or bullying').check();
      await report.getByLabel('Details (optional)').fill('Rude messages');
      await docShot(cPage, 'connect-report-dialog-phone');
      await report.getByRole('button', { name: 'Send Report' }).click();
      await report.waitFor({ state: 'hidden' });
      await searchFor(cPage, b.username);
      await visible(cPage.getByText(`No one with a username starting “${b.username}”.`));

      // An unknown invite and an unknown pod say so.
      await a.page.goto(`${stack.url}/join/${'x'.repeat(20)}`);
      await visible(a.page.getByRole('heading', { name: 'Invite not found' }));
      await a.page.goto(`${stack.url}/pods/00000000-0000-4000-8000-000000000000`);
      await visible(a.page.getByRole('heading', { name: 'Pod not found' }));
      await visible(a.page.getByRole('link', { name: 'Back to Connect' }));

      // /pods is the hub.
      await a.page.goto(`${stack.url}/pods`);
      await expect.poll(() => new URL(a.page.url()).pathname).toBe('/connect');

      // Creator tools: rename, a 7-day link, replace all links (the old one stops working), remove a member, delete.
      await a.page.goto(podUrl);
      await a.page.getByRole('button', { name: 'Rename' }).click();
      const rename = a.page.getByRole('dialog', { name: 'Rename pod' });
      await rename.getByLabel('Pod name').fill('Dawn Crew');
      await rename.getByRole('button', { name: 'Save' }).click();
      await visible(remote(a.page).getByRole('heading', { level: 1, name: 'Dawn Crew' }));
      await a.page.getByRole('button', { name: 'New 7-Day Link' }).click();
      await visible(a.page.getByText(/^Expires /));
      await a.page.getByRole('button', { name: 'Replace All Links' }).click();
      await expect.poll(() => a.page.getByRole('button', { name: 'Copy Invite Link' }).count()).toBe(1);
      const fresh = await a.page.getByRole('textbox', { name: 'Invite link' }).inputValue();
      expect(fresh).not.toBe(link);
      await cPage.goto(link);
      await visible(cPage.getByRole('heading', { name: 'Invite not found' }));
      await a.page.getByRole('button', { name: `Remove ${c.name} from the pod` }).click();
      await a.page
        .getByRole('dialog', { name: `Remove ${c.name}?` })
        .getByRole('button', { name: 'Remove Member' })
        .click();
      await expect.poll(() => a.page.getByTestId('pod-member').filter({ hasText: c.name }).count()).toBe(0);
      await cPage.goto(podUrl);
      await visible(cPage.getByRole('heading', { name: 'Pod not found' }));
      await a.page.getByRole('button', { name: 'Delete Pod' }).click();
      await a.page
        .getByRole('dialog', { name: 'Delete Dawn Crew?' })
        .getByRole('button', { name: 'Delete Pod' })
        .click();
      await expect.poll(() => new URL(a.page.url()).pathname).toBe('/connect');
      await visible(a.page.getByRole('heading', { name: 'No pods yet' }));
      await visible(a.page.getByText("You've created 0 of 1 pod"));

      await cCtx.close();
      await a.context.close();
      await b.context.close();
    },
  );

  it('shows retryable errors, never an empty list, when the pods service cannot answer', async ({
    stack,
    signedIn: { page },
  }) => {
    const restoreFriends = await outage(page, '/api/pods/friends');
    const restorePods = await outage(page, '/api/pods/me/pods');
    await page.goto(`${stack.url}/connect`);
    const friendsAlert = page.getByRole('alert').filter({ hasText: "Couldn't load your friends" });
    await visible(friendsAlert, 20_000);
    await visible(page.getByRole('alert').filter({ hasText: "Couldn't load your pods" }), 20_000);
    expect(await page.getByRole('heading', { name: 'No friends yet' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'No pods yet' }).count()).toBe(0);
    await docShot(page, 'connect-hub-error-phone');
    await restoreFriends();
    await restorePods();
    await friendsAlert.getByRole('button', { name: 'Retry' }).click();
    await visible(page.getByRole('heading', { name: 'No friends yet' }));
    await page
      .getByRole('alert')
      .filter({ hasText: "Couldn't load your pods" })
      .getByRole('button', { name: 'Retry' })
      .click();
    await visible(page.getByRole('heading', { name: 'No pods yet' }));
  });
});
