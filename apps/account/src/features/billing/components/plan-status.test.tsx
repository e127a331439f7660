import { QueryClient, QueryClientProvider } from '@vere/web-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApiError, entitlementQueryKey, sessionStore } from '@vere/web-session';
import type * as WebSession from '@vere/web-session';
import type { Entitlement, SessionState } from '@vere/web-session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlanStatus } from './plan-status';

// Server rendering reads a zustand store's initial state; read the live session instead.
vi.mock('@vere/web-session', async (importOriginal) => {
  const actual = await importOriginal<typeof WebSession>();
  return {
    ...actual,
    useSession: <T,>(selector: (state: SessionState) => T) => selector(actual.sessionStore.getState()),
  };
});

const user = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  username: 'ada_1234',
  displayName: null,
  bio: null,
  photoUrl: null,
  avatarConfig: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  hasCompletedOnboarding: false,
  tutorialsSeen: [],
};

function render(seed: (client: QueryClient) => void = () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  seed(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <PlanStatus testId="plan" />
    </QueryClientProvider>,
  );
}

const answered = (data: Entitlement) => (client: QueryClient) => client.setQueryData(entitlementQueryKey('u1'), data);

describe('PlanStatus', () => {
  beforeEach(() => sessionStore.setState({ status: 'signed-in', user, accessToken: 't1' }));
  afterEach(() => sessionStore.setState({ status: 'signed-out', user: null, accessToken: null }));

  it('shows a skeleton, not a plan, while billing answers', () => {
    const html = render();
    expect(html).toContain('data-state="loading"');
    expect(html).not.toContain('Free User');
  });

  it('shows Free User for a free entitlement', () => {
    expect(
      render(answered({ isActive: false, productId: null, expirationDate: null, willRenew: false, source: 'unknown' })),
    ).toContain('>Free User<');
  });

  it('shows Pro Member for a Pro entitlement', () => {
    expect(
      render(
        answered({ isActive: true, productId: 'price_pro', expirationDate: null, willRenew: true, source: 'stripe' }),
      ),
    ).toContain('>Pro Member<');
  });

  it('shows a retryable alert instead of guessing when the read fails', () => {
    const html = render((client) => {
      const query = client.getQueryCache().build(client, { queryKey: entitlementQueryKey('u1') });
      query.setState({ status: 'error', error: new ApiError('HTTP_502', 'down', 502), fetchStatus: 'idle' });
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Retry');
    expect(html).not.toContain('Free User');
    expect(html).not.toContain('Pro Member');
  });

  it('reads the plan of the signed-in user only', () => {
    const html = render((client) =>
      client.setQueryData(entitlementQueryKey('someone-else'), {
        isActive: true,
        productId: 'price_pro',
        expirationDate: null,
        willRenew: true,
        source: 'stripe',
      }),
    );
    expect(html).not.toContain('Pro Member');
  });
});
