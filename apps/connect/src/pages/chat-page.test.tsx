import { QueryClient, QueryClientProvider } from '@vere/web-query';
import type { Chat } from '@vere/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from '@vere/web-router';
import { ApiError } from '@vere/web-session';
import type * as WebSession from '@vere/web-session';
import type { SessionState } from '@vere/web-session';
import { describe, expect, it, vi } from 'vitest';
import type { ChatCache } from '../features/chat/utils/chat-cache';
import { chatKeys } from '../shared/utils/query-keys';
import { ChatPage } from './chat-page';

const FRIEND = '22222222-2222-4222-8222-222222222222';
const ME = '33333333-3333-4333-8333-333333333333';

// Server rendering reads a zustand store's initial state: the viewer is "me" here.
vi.mock('@vere/web-session', async (importOriginal) => {
  const actual = await importOriginal<typeof WebSession>();
  return {
    ...actual,
    useSession: <T,>(selector: (state: SessionState) => T) =>
      selector({ ...actual.sessionStore.getState(), user: { id: ME } } as SessionState),
  };
});
const friend = { id: FRIEND, name: 'Ada', username: 'ada', photoUrl: null, avatarConfig: null, level: 3 };

function render(seed: (c: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  seed(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/chat/${FRIEND}`]}>
        <Routes>
          <Route path="/chat/:friendId" element={<ChatPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const chat = (over: Partial<Chat> = {}): ChatCache => ({
  pages: [{ friend, messages: [], nextCursor: null, unread: 0, ...over }],
  pageParams: [null],
});
const failed = (error: ApiError) => (client: QueryClient) => {
  client
    .getQueryCache()
    .build(client, { queryKey: chatKeys.chat(FRIEND) })
    .setState({ status: 'error', error, fetchStatus: 'idle' });
};

describe('chat page', () => {
  it('an empty chat says hi, in a polite log region, with a labelled composer', () => {
    const html = render((c) => c.setQueryData(chatKeys.chat(FRIEND), chat()));
    expect(html).toContain('<h1 class="cn-chat__name">Ada</h1>');
    expect(html).toContain('Say hi');
    expect(html).toMatch(/role="log"[^>]*aria-live="polite"/);
    expect(html).toMatch(/<label[^>]*>Message Ada<\/label>/);
  });
  it('shows messages oldest first, offers older ones, and a report button on the friend’s only', () => {
    const messages = [
      {
        id: '44444444-4444-4444-8444-444444444444',
        senderId: ME,
        recipientId: FRIEND,
        body: 'Second',
        createdAt: '2026-11-20T10:01:00Z',
        readAt: null,
      },
      {
        id: '55555555-5555-4555-8555-555555555555',
        senderId: FRIEND,
        recipientId: ME,
        body: 'First <b>bold</b>',
        createdAt: '2026-11-20T10:00:00Z',
        readAt: null,
      },
    ];
    const html = render((c) => c.setQueryData(chatKeys.chat(FRIEND), chat({ messages, nextCursor: 'older' })));
    expect(html.indexOf('First')).toBeLessThan(html.indexOf('Second'));
    expect(html).toContain('First &lt;b&gt;bold&lt;/b&gt;'); // text, never markup
    expect(html).toContain('Load older messages');
    expect(html.match(/Report this message from Ada/g)).toHaveLength(1);
    expect(html).not.toContain('Seen');
  });
  it('says Seen once, under the newest of my messages the friend read', () => {
    const mine = (id: string, body: string, at: string) => ({
      id,
      senderId: ME,
      recipientId: FRIEND,
      body,
      createdAt: at,
      readAt: at,
    });
    const messages = [
      { ...mine('66666666-6666-4666-8666-666666666666', 'Third', '2026-11-20T10:02:00Z'), readAt: null },
      mine('44444444-4444-4444-8444-444444444444', 'Second', '2026-11-20T10:01:00Z'),
      mine('55555555-5555-4555-8555-555555555555', 'First', '2026-11-20T10:00:00Z'),
    ];
    const html = render((c) => c.setQueryData(chatKeys.chat(FRIEND), chat({ messages })));
    expect(html.match(/Seen/g)).toHaveLength(1);
    expect(html.indexOf('Seen')).toBeGreaterThan(html.indexOf('Second'));
    expect(html.indexOf('Seen')).toBeLessThan(html.indexOf('Third'));
  });
  it('a non-friend gets a clear message, not an error page', () => {
    const html = render(failed(new ApiError('CHAT_NOT_FRIENDS', 'x', 403)));
    expect(html).toContain('You can only chat with friends');
    expect(html).toContain('href="/friends"');
    expect(html).not.toContain('role="alert"');
  });
  it('a blocked friend says so', () => {
    expect(render(failed(new ApiError('USER_BLOCKED', 'x', 409)))).toContain('You blocked this person');
  });
  it('a failure to load is retryable', () => {
    const html = render(failed(new ApiError('NOT_READY', 'x', 503)));
    expect(html).toContain('role="alert"');
    expect(html).toContain('Retry');
  });
});
