import { QueryClient, QueryClientProvider } from '@vere/web-query';
import type { CurrentWeekly } from '@vere/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from '@vere/web-router';
import { ApiError } from '@vere/web-session';
import { describe, expect, it } from 'vitest';
import { weeklyQueryKey } from '../features/weekly/api/get-current-weekly';
import { weeklyDetailQueryKey } from '../features/weekly/api/get-weekly-detail';
import { WeeklyPage } from './weekly-page';

const week: CurrentWeekly = {
  challenges: [],
  weekStart: '2026-11-22',
  weekEndsAt: '2026-11-29T08:00:00.000Z',
  timeZone: 'UTC',
  streak: { currentStreak: 0, lastCompletedWeek: null },
};

function renderLink(id: string, error: ApiError) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  client.setQueryData(weeklyQueryKey, week);
  client
    .getQueryCache()
    .build(client, { queryKey: weeklyDetailQueryKey(id) })
    .setState({ status: 'error', error, fetchStatus: 'idle' });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/challenges/${id}`]}>
        <Routes>
          <Route path="/challenges/:challengeId" element={<WeeklyPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('weekly page, a link to one challenge', () => {
  it("says a malformed (400) or unknown (404) challenge link isn't valid, not to check the connection", () => {
    for (const error of [
      new ApiError('VALIDATION_FAILED', 'params/id must match format "uuid"', 400),
      new ApiError('WEEKLY_NOT_FOUND', 'No such challenge', 404),
    ]) {
      const html = renderLink('999', error);
      expect(html).toContain('This link isn&#x27;t valid');
      expect(html).not.toContain('Check your connection');
    }
  });

  it('still offers a retry when the read failed for want of an answer', () => {
    const html = renderLink('999', new ApiError('NETWORK_ERROR', 'no answer', 0));
    expect(html).toContain('Couldn&#x27;t load this week&#x27;s challenge');
  });
});
