import { deflateSync, crc32 } from 'node:zlib';
import type { Page } from 'playwright-core';
import { visible } from '../support/app';
import { seriousViolations } from '../support/axe';
import { DESKTOP, PHONE } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { auth, docShot, docShotBothSizes, member, podThroughApi, signUp, type Member } from '../support/people';
import type { Stack } from '../support/stack';

/**
 * The two-way pod feed (issue 22 point 5, decision 0038), two members in two browsers — Ada on a
 * phone, Bob on a desktop: Bob completes the weekly challenge with a photo, shared to their pod;
 * Ada's open pod page shows the photo, she reacts and comments, and Bob's open page shows both
 * without a reload; Bob nudges Ada, who is "Not yet this week", and her open page shows it. An
 * outsider gets neither the pod nor the photo. A friend request puts a badge on Connect.
 */

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
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0);
    for (let x = 0; x < size; x += 1) rows.push(255, Math.round((x / size) * 200), Math.round((y / size) * 255));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const markDocument = (page: Page) =>
  page.evaluate(() => {
    (globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument === true);

async function openPod(m: Member, stack: Stack, podId: string, name: string): Promise<void> {
  await m.page.goto(`${stack.url}/pods/${podId}`);
  await visible(m.page.getByRole('heading', { level: 1, name }));
}

describe('the two-way pod feed', () => {
  it(
    'a photo, a reaction and a comment, each seen live by the other member; a nudge; the Connect badge',
    { timeout: 300_000 },
    async ({ browser, stack }) => {
      const ada = await member(browser, stack, 'ada', 'Ada Lovelace', { viewport: PHONE });
      const bob = await member(browser, stack, 'bob', 'Bob Builder', { viewport: DESKTOP });

      // Ada's pod, Bob joins with its code (through the API; the UI path is pod-streak.e2e's).
      const pod = await podThroughApi(stack, ada.context.request, 'Sunrise Crew', ada, bob);

      // Both keep the pod page open from here on.
      await openPod(ada, stack, pod.id, 'Sunrise Crew');
      await openPod(bob, stack, pod.id, 'Sunrise Crew');
      await visible(ada.page.getByTestId('pod-log').getByText('No posts yet'));
      for (const m of [ada, bob]) await markDocument(m.page);

      // Bob completes the weekly challenge with a photo, shared to the pod.
      const weekly = await bob.context.newPage();
      await weekly.goto(`${stack.url}/weekly`);
      await weekly.getByRole('button', { name: 'Accept Challenge' }).first().click();
      await weekly.getByRole('button', { name: 'Complete Challenge' }).first().click();
      const dialog = weekly.getByRole('dialog', { name: 'Complete Challenge' });
      await visible(dialog.getByText('Share with your pods'));
      await dialog.getByPlaceholder('What did you do?').fill('Watched the sunrise from the hill with a flask of tea.');
      await dialog.getByRole('checkbox', { name: 'Sunrise Crew' }).check();
      await dialog
        .getByLabel('Add a photo (optional)')
        .setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: gradientPng(480) });
      await visible(dialog.getByAltText('Preview of sunrise.png'));
      await dialog.getByRole('button', { name: 'Complete Challenge', exact: true }).click();
      await visible(weekly.getByRole('button', { name: 'Completed!' }));
      await weekly.close();

      // Ada's open page: the entry with its photo, loaded, without a reload.
      const photo = ada.page.getByRole('img', { name: "Bob Builder's proof photo" });
      await visible(photo, 20_000);
      await expect
        .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
      const photoUrl = (await photo.getAttribute('src'))!;
      expect(photoUrl).toMatch(/^\/api\/quests\/photos\/[0-9a-f-]{36}\?/);

      // An outsider gets neither the pod nor the photo without its signed link.
      const outsiderContext = await browser.newContext();
      const outsider = await signUp(stack, outsiderContext, 'cy', 'Cy Twombly');
      expect(
        (
          await outsiderContext.request.get(`${stack.url}/api/pods/pods/${pod.id}`, { headers: auth(outsider) })
        ).status(),
      ).toBe(404);
      expect(
        (
          await outsiderContext.request.get(`${stack.url}/api/pods/pods/${pod.id}/log`, { headers: auth(outsider) })
        ).status(),
      ).toBe(404);
      const bare = photoUrl.split('?')[0]!;
      expect((await outsiderContext.request.get(`${stack.url}${bare}`, { headers: auth(outsider) })).status()).toBe(
        403,
      );

      // Ada reacts and comments; Bob's open page shows both without a reload.
      const entry = ada.page.getByTestId('pod-log').getByRole('listitem').first();
      await entry.getByRole('button', { name: /^Fire: 0 reactions/ }).click();
      await visible(entry.getByRole('button', { name: 'Fire: 1 reaction', pressed: true }));
      await entry.getByRole('textbox', { name: "Comment on Bob Builder's post" }).fill('That view! So proud of you 🌅');
      await entry.getByRole('button', { name: 'Post', exact: true }).click();
      await visible(entry.getByText('That view! So proud of you 🌅'));

      const bobEntry = bob.page.getByTestId('pod-log').getByRole('listitem').first();
      await visible(bobEntry.getByRole('button', { name: 'Fire: 1 reaction', pressed: false }), 20_000);
      await visible(bobEntry.getByText('That view! So proud of you 🌅'), 20_000);
      await visible(bob.page.getByRole('img', { name: "Bob Builder's proof photo" }));
      expect(await sameDocument(bob.page)).toBe(true);
      // Bob answers with a 💪 and Ada sees it live too.
      await bobEntry.getByRole('button', { name: /^Strong: 0 reactions/ }).click();
      await visible(entry.getByRole('button', { name: 'Strong: 1 reaction', pressed: false }), 20_000);

      // Bob nudges Ada (she has not completed this week); her open page says so.
      const adaRow = bob.page.getByTestId('pod-member').filter({ hasText: 'Ada Lovelace' });
      await visible(adaRow.getByText('Not yet this week'));
      await adaRow.getByRole('button', { name: 'Nudge Ada Lovelace' }).click();
      await visible(adaRow.getByText('Nudged today'));
      await visible(ada.page.getByTestId('pod-nudges').getByText('Bob Builder nudged you'), 20_000);
      expect(await sameDocument(ada.page)).toBe(true);
      // Once a day: the API refuses a second nudge.
      const again = await bob.context.request.post(`${stack.url}/api/pods/pods/${pod.id}/members/${ada.id}/nudge`, {
        headers: auth(bob),
      });
      expect(again.status()).toBe(409);
      expect(((await again.json()) as { error: { code: string } }).error.code).toBe('NUDGE_ALREADY_SENT');

      expect(await seriousViolations(ada.page, '[data-remote="connect"]')).toEqual([]);
      expect(await seriousViolations(bob.page, '[data-remote="connect"]')).toEqual([]);
      // The smallest phone: nothing overflows sideways (photo, reactions, comment form).
      await ada.page.setViewportSize({ width: 360, height: 740 });
      await expect
        .poll(() =>
          ada.page.evaluate(
            () =>
              (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
                .documentElement.scrollWidth,
          ),
        )
        .toBeLessThanOrEqual(360);
      await docShot(ada.page, 'pod-feed-360');
      await ada.page.setViewportSize(PHONE);
      await docShotBothSizes(ada.page, 'pod-feed-nudged');
      await docShotBothSizes(bob.page, 'pod-feed');

      // A friend request from Cy puts a badge on Ada's Connect tab; answering it clears it.
      await expect
        .poll(
          async () =>
            (
              await outsiderContext.request.post(`${stack.url}/api/pods/friends/requests`, {
                headers: auth(outsider),
                data: { userId: ada.id },
              })
            ).status(),
          { timeout: 20_000 },
        )
        .toBe(201);
      await ada.page.reload();
      const tabBadge = ada.page.locator('.shell-tabbar').getByTestId('connect-badge');
      await visible(tabBadge);
      expect((await tabBadge.textContent())?.startsWith('1')).toBe(true);
      await visible(ada.page.getByRole('link', { name: /^Connect\s*1 friend request$/ }).first());
      // The hub: the badge, the request, and today's nudge with its pod.
      await ada.page.goto(`${stack.url}/connect`);
      const hubNudges = await visible(ada.page.getByTestId('hub-nudges'));
      await visible(hubNudges.getByText('Bob Builder nudged you'));
      await visible(hubNudges.getByRole('link', { name: 'in Sunrise Crew' }));
      await visible(ada.page.getByRole('button', { name: 'Accept Cy Twombly' }));
      await docShotBothSizes(ada.page, 'pod-feed-connect-badge', { fullPage: false });
      await ada.page.getByRole('button', { name: 'Accept Cy Twombly' }).click();
      await expect.poll(() => tabBadge.count(), { timeout: 10_000 }).toBe(0);

      await outsiderContext.close();
      await ada.context.close();
      await bob.context.close();
    },
  );
});
