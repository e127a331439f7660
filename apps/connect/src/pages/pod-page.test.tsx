import { QueryClient, QueryClientProvider } from '@vere/web-query';
import type { PodDetail } from '@vere/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from '@vere/web-router';
import { ApiError } from '@vere/web-session';
import { describe, expect, it } from 'vitest';
import { keys } from '../shared/utils/query-keys';
import { PodPage } from './pod-page';

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
          <Route path="/pods/:podId" element={<PodPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const failed = (key: readonly unknown[], error: ApiError) => (client: QueryClient) => {
  client.getQueryCache().build(client, { queryKey: key }).setState({ status: 'error', error, fetchStatus: 'idle' });
};

describe('pod page', () => {
  const detail = (over: Partial<PodDetail> = {}): PodDetail => ({
    id: POD,
    name: 'Morning Crew',
    description: null,
    createdBy: '22222222-2222-4222-8222-222222222222',
    isCreator: false,
    currentStreak: 2,
    memberCount: 2,
    memberCap: 8,
    createdAt: '2026-11-01T00:00:00Z',
    members: [
      { ...user('22222222-2222-4222-8222-222222222222', 'Ada'), isCreator: true, joinedAt: '2026-11-01T00:00:00Z' },
      { ...user('33333333-3333-4333-8333-333333333333', 'Bob'), isCreator: false, joinedAt: '2026-11-02T00:00:00Z' },
    ],
    log: {
      entries: [
        {
          id: '44444444-4444-4444-8444-444444444444',
          user: user('33333333-3333-4333-8333-333333333333', 'Bob'),
          weeklyChallengeId: null,
          message: 'Done: cold shower week',
          proofText: 'Every morning at 6',
          proofPhotoId: '55555555-5555-4555-8555-555555555555',
          createdAt: '2026-11-03T00:00:00Z',
        },
      ],
      nextCursor: 'next',
    },
    invites: [],
    ...over,
  });
  it('shows members with levels, the streak and the log with Load More; a member gets Leave, not creator tools', () => {
    const html = render(`/pods/${POD}`, (c) => c.setQueryData(keys.pod(POD), detail()));
    expect(html).toContain('2 weeks');
    expect(html).toContain('Level 4');
    expect(html).toContain('Done: cold shower week');
    expect(html).toContain('Every morning at 6');
    expect(html).not.toContain('<img'); // no photo URL yet: nothing for the photo
    expect(html).toContain('Load More');
    expect(html).toContain('Leave Pod');
    expect(html).not.toContain('Copy Invite Link');
  });
  it('shows the proof photo of a log entry to members (issue 22 point 5)', () => {
    const url = '/api/quests/photos/55555555-5555-4555-8555-555555555555?exp=1&sig=abc';
    const base = detail().log.entries[0]!;
    const html = render(`/pods/${POD}`, (c) =>
      c.setQueryData(keys.pod(POD), detail({ log: { entries: [{ ...base, proofPhotoUrl: url }], nextCursor: null } })),
    );
    expect(html).toContain(`src="${url.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('alt="Bob&#x27;s proof photo"');
  });
  it('shows reactions (pressed when mine), comments, a Nudge for members not done and the nudges received', () => {
    const base = detail().log.entries[0]!;
    const [ada, bob] = detail().members as [PodDetail['members'][0], PodDetail['members'][0]];
    const html = render(`/pods/${POD}`, (c) =>
      c.setQueryData(
        keys.pod(POD),
        detail({
          members: [
            { ...ada, completedThisWeek: false },
            { ...bob, completedThisWeek: false, nudgedByYouToday: false },
          ],
          nudges: [{ from: user(ada.id, 'Ada'), createdAt: '2026-11-03T10:00:00Z' }],
          log: {
            entries: [
              {
                ...base,
                reactions: [
                  { kind: 'fire', count: 2, mine: true },
                  { kind: 'clap', count: 0, mine: false },
                  { kind: 'muscle', count: 1, mine: false },
                ],
                comments: [
                  {
                    id: '66666666-6666-4666-8666-666666666666',
                    entryId: base.id,
                    user: user(ada.id, 'Ada'),
                    body: 'So proud of you',
                    createdAt: '2026-11-03T11:00:00Z',
                  },
                ],
              },
            ],
            nextCursor: null,
          },
        }),
      ),
    );
    expect(html).toContain('aria-label="Fire: 2 reactions"');
    expect(html).toMatch(/aria-pressed="true"[^>]*aria-label="Fire: 2 reactions"/);
    expect(html).toContain('aria-label="Strong: 1 reaction"');
    expect(html).toContain('So proud of you');
    expect(html).toContain('Comment on Bob&#x27;s post');
    expect(html).toContain('Nudge Bob');
    expect(html).toContain('Nudge Ada');
    expect(html).toContain('Ada nudged you');
    expect(html).toContain('href="/weekly"');
  });
  it('gives the creator invite and pod tools', () => {
    const html = render(`/pods/${POD}`, (c) =>
      c.setQueryData(
        keys.pod(POD),
        detail({ isCreator: true, invites: [{ code: CODE, createdAt: '2026-11-01T00:00:00Z', expiresAt: null }] }),
      ),
    );
    expect(html).toContain(`/join/${CODE}`);
    expect(html).toContain('Copy Invite Link');
    expect(html).toContain('Remove Bob from the pod');
    expect(html).toContain('Delete Pod');
    expect(html).not.toContain('Leave Pod');
  });
  it('shows a member hidden by a block as a hidden member, without a level (decision 0035)', () => {
    const hidden = {
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Hidden member',
      username: null,
      photoUrl: null,
      avatarConfig: null,
      level: 1,
      isCreator: false,
      joinedAt: '2026-11-02T00:00:00Z',
      hidden: true,
    };
    const html = render(`/pods/${POD}`, (c) =>
      c.setQueryData(
        keys.pod(POD),
        detail({ members: [detail().members[0]!, hidden], log: { entries: [], nextCursor: null } }),
      ),
    );
    expect(html).toContain('Hidden member');
    expect(html).toContain('data-hidden="true"');
    expect(html).not.toContain('Level 1');
    expect(html.match(/Level 4/g)).toHaveLength(1); // Ada's
  });
  it('answers 404 with Pod not found and a way back', () => {
    const html = render(`/pods/${POD}`, failed(keys.pod(POD), new ApiError('POD_NOT_FOUND', 'x', 404)));
    expect(html).toContain('Pod not found');
    expect(html).toContain('href="/connect"');
  });
});
