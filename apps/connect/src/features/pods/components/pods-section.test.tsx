import { QueryClient, QueryClientProvider } from '@vere/web-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@vere/web-router';
import { ApiError } from '@vere/web-session';
import { describe, expect, it } from 'vitest';
import type { MyPods } from '@vere/contracts';
import { myPodsQueryKey } from '@vere/web-kit';
import { PodsSection } from './pods-section';

function render(seed: (client: QueryClient) => void = () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  seed(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PodsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const withPods = (data: MyPods) => (client: QueryClient) => client.setQueryData(myPodsQueryKey, data);

describe('PodsSection', () => {
  it('shows a skeleton while the pods load', () => {
    const html = render();
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading your pods');
    expect(html).not.toContain('No pods yet');
  });

  it('shows the empty state when the service answers no pods', () => {
    const html = render(withPods({ pods: [] }));
    expect(html).toContain('No pods yet');
  });

  it('lists pods with members and streak, linking to each pod', () => {
    const html = render(
      withPods({
        pods: [
          { id: 'p1', name: 'Morning Crew', currentStreak: 3, memberCount: 4 },
          { id: 'p 2', name: 'Solo', currentStreak: 0, memberCount: 1 },
        ],
      }),
    );
    expect(html).toContain('Morning Crew');
    expect(html).toContain('4 members');
    expect(html).toContain('3-week streak');
    expect(html).toContain('1 member<');
    expect(html).toContain('0-week streak');
    expect(html).toContain('href="/pods/p1"');
    expect(html).toContain('href="/pods/p%202"');
    expect(html).not.toContain('No pods yet');
  });

  it('shows a retryable alert, not an empty list, when the read fails', () => {
    const html = render((client) => {
      const query = client.getQueryCache().build(client, { queryKey: myPodsQueryKey });
      query.setState({ status: 'error', error: new ApiError('NOT_READY', 'down', 503), fetchStatus: 'idle' });
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Couldn&#x27;t load your pods');
    expect(html).toContain('Retry');
    expect(html).not.toContain('No pods yet');
  });
});
