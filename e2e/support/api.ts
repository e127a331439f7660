import type { ErrorBody, ErrorCode } from '@vere/contracts';
import type { Page, Response } from 'playwright-core';

/**
 * Resolves with the page's next call to `path` (pathname match). Start waiting before the action
 * that triggers the call, so a fast answer is not missed.
 */
export function nextApiResponse(page: Page, path: string, method = 'GET', timeout = 15_000): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === method && new URL(response.url()).pathname === path,
    { timeout },
  );
}

/**
 * Simulates an outage of one endpoint for this page only (every call answers 503 in the services'
 * error shape) until the returned function is called; the real service answers after that.
 */
export async function outage(page: Page, path: string): Promise<() => Promise<void>> {
  const matcher = (url: URL) => url.pathname === path;
  await page.route(matcher, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      // The code a service answers when it cannot serve (see libs/contracts ErrorCodes).
      body: JSON.stringify({
        error: { code: 'NOT_READY' satisfies ErrorCode, message: 'Simulated outage' },
      } satisfies ErrorBody),
    }),
  );
  return () => page.unroute(matcher);
}
