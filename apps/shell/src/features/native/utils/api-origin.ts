/**
 * Where the iOS app's API lives. The web build is same-origin (`/api/...` on the page's own origin,
 * VERE_API_ORIGIN empty); the iOS build is served from `capacitor://localhost` and sends its
 * `/api/...` calls to the origin set at build time (`VERE_API_ORIGIN=https://vere.app`).
 */
export function configuredApiOrigin(value: string | undefined = process.env.VERE_API_ORIGIN): string | null {
  if (!value) return null;
  const url = new URL(value);
  return url.origin;
}

/**
 * Calls that read or set the refresh cookie (sign-in, sign-up, refresh, sign-out, Google's return).
 * In the app they go through the native HTTP stack: the cookie then lives in the app's own cookie
 * store, first-party to the API, instead of being a third-party cookie the web view refuses
 * (decision 0059).
 */
export const NATIVE_COOKIE_PATHS = /^\/api\/identity\/auth\//;

export interface NativeRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}
export interface NativeResponse {
  status: number;
  headers: Record<string, string>;
  data: unknown;
}
export type NativeHttp = (request: NativeRequest) => Promise<NativeResponse>;

interface Win {
  fetch: typeof fetch;
  EventSource?: typeof EventSource;
}

const apiPath = (url: string) => url.startsWith('/api/');

/**
 * Points the page's `/api/...` calls at `origin`: fetch (every area uses it through web-session) and
 * EventSource (the live streams, authorised by a ticket in the URL, not a cookie). Other calls keep
 * their URL. Returns a function that puts the originals back.
 */
export function routeApiCalls(win: Win, origin: string, nativeHttp?: NativeHttp): () => void {
  const originalFetch = win.fetch;
  const OriginalEventSource = win.EventSource;
  win.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? null : input.url;
    if (typeof url !== 'string' || !apiPath(url)) return originalFetch(input, init);
    if (nativeHttp && NATIVE_COOKIE_PATHS.test(url)) return viaNative(nativeHttp, origin + url, init);
    // Bearer tokens, not cookies, authorise every other call: nothing to send across origins.
    return originalFetch(origin + url, { ...init, credentials: 'omit' });
  };
  if (OriginalEventSource) {
    win.EventSource = class extends OriginalEventSource {
      constructor(url: string | URL, init?: EventSourceInit) {
        const text = String(url);
        super(apiPath(text) ? origin + text : url, init);
      }
    };
  }
  return () => {
    win.fetch = originalFetch;
    if (OriginalEventSource) win.EventSource = OriginalEventSource;
  };
}

async function viaNative(nativeHttp: NativeHttp, url: string, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => (headers[key] = value));
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
    throw new TypeError('Only JSON bodies go through the native HTTP stack');
  }
  const answer = await nativeHttp({ url, method: init.method ?? 'GET', headers, body: init.body ?? undefined });
  const body =
    answer.data === undefined || answer.data === null || answer.data === ''
      ? null
      : typeof answer.data === 'string'
        ? answer.data
        : JSON.stringify(answer.data);
  return new Response(answer.status === 204 ? null : body, { status: answer.status, headers: answer.headers });
}
