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
      body: JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Simulated outage' } }),
    }),
  );
  return () => page.unroute(matcher);
}
