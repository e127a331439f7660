import type { Page } from 'playwright-core';
import { visible } from '../support/app';
import { seriousViolations } from '../support/axe';
import { PHONE } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { befriend, docShot, docShotBothSizes, member } from '../support/people';

const DESKTOP = { width: 1440, height: 900 };
// The chat's pictures: the viewport as it is (the composer is pinned to the bottom), focus kept.
const SHOTS = { desktop: DESKTOP, fullPage: false, reset: false };
const shot = (page: Page, name: string) => docShot(page, `connect-chat-${name}`, SHOTS);
const bothSizes = (page: Page, name: string) => docShotBothSizes(page, `connect-chat-${name}`, SHOTS);

const log = (page: Page) => page.getByRole('log');
const composer = (page: Page, name: string) => page.getByRole('textbox', { name: `Message ${name}` });

describe('chat between friends', () => {
  it(
    'live both ways, unread badges, typing rules, the rate limit, report, then a block closes both chats and hides search',
    { timeout: 420_000 },
    async ({ browser, stack }) => {
      const a = await member(browser, stack, 'ada', 'Ada Lovelace', { viewport: DESKTOP });
      const b = await member(browser, stack, 'bob', 'Bob Builder', { viewport: PHONE });

      // Not friends yet: a clear message, not an error page.
      await b.page.goto(`${stack.url}/chat/${a.id}`);
      await visible(b.page.getByRole('heading', { name: 'You can only chat with friends' }));
      await visible(b.page.getByRole('link', { name: 'Find Friends' }));

      await befriend(stack, a.context, a, b);

      // Both open the chat: the friend's name in the header, "Say hi" while empty.
      await a.page.goto(`${stack.url}/chat/${b.id}`);
      await visible(a.page.getByRole('heading', { level: 1, name: b.name }));
      await visible(log(a.page).getByRole('heading', { name: 'Say hi' }));
      expect(await seriousViolations(a.page)).toEqual([]);
      await bothSizes(a.page, 'empty');
      await b.page.goto(`${stack.url}/chat/${a.id}`);
      await visible(b.page.getByRole('heading', { level: 1, name: a.name }));

      // A sends with Enter: it shows on B's open page without a reload.
      await composer(a.page, b.name).fill('Hello Bob! Ready for the weekly challenge? https://example.com/tips');
      await composer(a.page, b.name).press('Enter');
      await visible(log(a.page).getByText('Hello Bob! Ready for the weekly challenge?'));
      await expect.poll(() => composer(a.page, b.name).inputValue()).toBe('');
      await visible(log(b.page).getByText('Hello Bob! Ready for the weekly challenge?'), 10_000);
      // B has the chat open, so it is read at once: A's page says "Seen" without a reload.
      await visible(log(a.page).getByText('Seen', { exact: false }), 10_000);
      // Links stay plain text.
      expect(await log(b.page).getByRole('link').count()).toBe(0);

      // B answers on two lines (Shift+Enter), with the keyboard only: it shows on A's page at once.
      const bBox = composer(b.page, a.name);
      await bBox.click();
      await b.page.keyboard.type('Hi Ada!');
      await b.page.keyboard.press('Shift+Enter');
      await b.page.keyboard.type('Count me in.');
      await b.page.keyboard.press('Enter');
      await visible(log(a.page).getByText(/Hi Ada!\s+Count me in\./), 10_000);
      await composer(a.page, b.name).fill('Great, see you there.');
      await a.page.getByRole('button', { name: 'Send' }).click();
      await visible(log(b.page).getByText('Great, see you there.'), 10_000);
      expect(await seriousViolations(b.page)).toEqual([]);
      await bothSizes(b.page, 'conversation');
      await bothSizes(a.page, 'conversation-sender');

      // The counter shows near the limit, and too long a message cannot be sent.
      await bBox.fill('x'.repeat(1001));
      await visible(b.page.getByText('1001/1000'));
      expect(await b.page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
      await bBox.fill('');

      // Unread: B is on /friends when A writes; the badge appears there and on /connect, and goes once read.
      await b.page.goto(`${stack.url}/friends`);
      const aRow = b.page.getByRole('list', { name: 'Your friends' }).locator(`[data-username="${a.username}"]`);
      await visible(aRow.getByRole('link', { name: `Message ${a.name}` }));
      expect(await aRow.getByTestId('unread-badge').count()).toBe(0);
      await composer(a.page, b.name).fill('Are you there?');
      await composer(a.page, b.name).press('Enter');
      await visible(aRow.getByTestId('unread-badge').getByText('1 unread message'), 10_000);
      await bothSizes(b.page, 'unread-friends');
      await b.page.goto(`${stack.url}/connect`);
      const friendsSection = b.page.getByTestId('friends-section');
      await visible(friendsSection.getByRole('list', { name: 'New messages' }).getByText(a.name));
      await visible(friendsSection.getByText('1 unread message').first());
      await bothSizes(b.page, 'unread-hub');
      await friendsSection.getByRole('list', { name: 'New messages' }).getByRole('link').click();
      await visible(log(b.page).getByText('Are you there?'));
      await b.page.goto(`${stack.url}/friends`);
      await visible(aRow.getByRole('link', { name: `Message ${a.name}` }));
      expect(await aRow.getByTestId('unread-badge').count()).toBe(0);
      await b.page.goto(`${stack.url}/chat/${a.id}`);
      await visible(log(b.page).getByText('Are you there?'));

      // Past the rate limit (20 messages in 10 s), the composer says what the server said and keeps the text.
      // The burst goes out at once (again, once the window is empty) until every refusal says the
      // limit holds for 5 s more. Sent one by one, on a loaded machine the 20 stored sends spread over
      // most of the window, the oldest left it before the composer's send, and that send went through
      // (a clean-clone CI run of 7ecb103 saw it: no alert in 15 s).
      let retryAfter = 0;
      for (let round = 0; round < 5 && retryAfter < 5; round++) {
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, 10_000));
        const answers = await Promise.all(
          Array.from({ length: 22 }, (_, i) =>
            b.context.request.post(`${stack.url}/api/pods/chats/${a.id}/messages`, {
              headers: { Authorization: `Bearer ${b.token}` },
              data: { body: `Burst ${round}.${i}` },
            }),
          ),
        );
        for (const r of answers) expect([201, 429]).toContain(r.status());
        const refusals = answers.filter((r) => r.status() === 429);
        retryAfter = refusals.length ? Math.min(...refusals.map((r) => Number(r.headers()['retry-after']))) : 0;
      }
      expect(retryAfter).toBeGreaterThanOrEqual(5);
      await composer(b.page, a.name).fill('One more?');
      await composer(b.page, a.name).press('Enter');
      await visible(b.page.getByRole('alert').getByText(/You're sending messages too fast\. Wait \d+ s/));
      expect(await composer(b.page, a.name).inputValue()).toBe('One more?');
      await shot(b.page, 'rate-limited-phone');
      await composer(b.page, a.name).fill('');

      // A reports B's message: it leaves A's chat (B still has it).
      await log(a.page)
        .getByRole('button', { name: `Report this message from ${b.name}` })
        .first()
        .click();
      const report = a.page.getByRole('dialog', { name: 'Report this message' });
      await report.getByLabel('Spam').check();
      await report.getByRole('button', { name: 'Send Report' }).click();
      await report.waitFor({ state: 'hidden' });
      await expect
        .poll(() =>
          log(a.page)
            .getByText(/Hi Ada!/)
            .count(),
        )
        .toBe(0);
      await visible(log(b.page).getByText(/Hi Ada!/));

      // A blocks B from the chat: A sees the blocked message; B, sending, sees the not-friends message.
      await a.page.getByRole('button', { name: `Block ${b.name}` }).click();
      const confirm = a.page.getByRole('dialog', { name: `Block ${b.name}?` });
      await confirm.getByRole('button', { name: 'Block', exact: true }).click();
      await visible(a.page.getByRole('heading', { name: `You blocked ${b.name}` }));
      expect(await log(a.page).count()).toBe(0);
      await bothSizes(a.page, 'blocked');
      // B's open chat closes at once, without a reload or a send.
      await visible(b.page.getByRole('heading', { name: 'You can only chat with friends' }), 10_000);
      expect(await b.page.getByText('Hello Bob!').count()).toBe(0);
      expect(await seriousViolations(b.page)).toEqual([]);
      await bothSizes(b.page, 'not-friends');

      // Search no longer finds the other, either way.
      for (const [viewer, other] of [
        [a, b],
        [b, a],
      ] as const) {
        await viewer.page.goto(`${stack.url}/friends`);
        await viewer.page.getByLabel('Search by username').fill(other.username);
        await visible(viewer.page.getByText(`No one with a username starting “${other.username}”.`));
      }

      await a.context.close();
      await b.context.close();
    },
  );
});
