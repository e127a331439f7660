import { QueryClient, QueryClientProvider } from '@vere/web-query';
import type { InvitePreview } from '@vere/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from '@vere/web-router';
import { ApiError } from '@vere/web-session';
import { describe, expect, it } from 'vitest';
import { keys } from '../shared/utils/query-keys';
import { JoinPodPage } from './join-pod-page';

const CODE = 'AbCdEfGhIjKlMnOp1234';
const POD = '11111111-1111-4111-8111-111111111111';
const user = (id: string, name: string) => ({
  id,
  name,
  username: name.toLowerCase(),
  photoUrl: null,
  avatarConfig: null,
  level: 4,
});

function render(path: string, seed: (c: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  seed(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/join/:code" element={<JoinPodPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const failed = (key: readonly unknown[], error: ApiError) => (client: QueryClient) => {
  client.getQueryCache().build(client, { queryKey: key }).setState({ status: 'error', error, fetchStatus: 'idle' });
};

const preview = (over: Partial<InvitePreview> = {}): InvitePreview => ({
  podId: POD,
  name: 'Morning Crew',
  description: 'Early risers',
  creator: user('22222222-2222-4222-8222-222222222222', 'Ada'),
  memberCount: 3,
  memberCap: 8,
  isMember: false,
  expiresAt: null,
  ...over,
});

describe('join screen', () => {
  it('previews the pod: name, creator, members of the cap, expiry, Join', () => {
    const html = render(`/join/${CODE}`, (c) => c.setQueryData(keys.invite(CODE), preview()));
    expect(html).toContain('Morning Crew');
    expect(html).toContain('Ada');
    expect(html).toContain('3/8 members');
    expect(html).toContain('Link never expires');
    expect(html).toContain('Join Morning Crew');
  });
  it('says when the pod is full and disables Join', () => {
    const html = render(`/join/${CODE}`, (c) => c.setQueryData(keys.invite(CODE), preview({ memberCount: 8 })));
    expect(html).toContain('This pod is full (8 members)');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Join Morning Crew/);
  });
  it('sends a member to the pod', () => {
    const html = render(`/join/${CODE}`, (c) => c.setQueryData(keys.invite(CODE), preview({ isMember: true })));
    expect(html).toContain('already in Morning Crew');
    expect(html).toContain(`href="/pods/${POD}"`);
  });
  it("says a malformed invite link (400) isn't valid, not to check the connection", () => {
    const error = new ApiError('VALIDATION_FAILED', 'params/code must match pattern', 400);
    const html = render('/join/BADCODE123', failed(keys.invite('BADCODE123'), error));
    expect(html).toContain('This link isn&#x27;t valid');
    expect(html).not.toContain('Check your connection');
    expect(html).not.toContain('Retry');
    expect(html).toContain('href="/connect"');
  });
  it('tells expired (410) from unknown (404), and a failure is retryable', () => {
    expect(render(`/join/${CODE}`, failed(keys.invite(CODE), new ApiError('INVITE_EXPIRED', 'x', 410)))).toContain(
      'This invite has expired',
    );
    expect(render(`/join/${CODE}`, failed(keys.invite(CODE), new ApiError('INVITE_NOT_FOUND', 'x', 404)))).toContain(
      'Invite not found',
    );
    const down = render(`/join/${CODE}`, failed(keys.invite(CODE), new ApiError('NOT_READY', 'x', 503)));
    expect(down).toContain('role="alert"');
    expect(down).toContain('Retry');
  });
});
