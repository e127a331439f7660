import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({ registerRemotes: vi.fn(), loadRemote: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const MAP = { challenges: '/remotes/challenges/remoteEntry.js' };
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

async function freshRegistry() {
  vi.resetModules();
  return import('./remote-registry');
}

describe('remote registry', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { location: { href: 'https://vere.test/connect' } });
    runtime.registerRemotes.mockReset();
    runtime.loadRemote.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches remotes.json once', async () => {
    const fetchMock = vi.fn(async () => ok(MAP));
    vi.stubGlobal('fetch', fetchMock);
    const { loadRemoteMap } = await freshRegistry();
    await loadRemoteMap();
    await loadRemoteMap();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the map the edge wrote into the page, without a request, and fetches it for Try Again (decision 0075)', async () => {
    const inPage = { challenges: '/remotes/challenges-2/remoteEntry.js' };
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === 'vere-remotes' ? { textContent: JSON.stringify(inPage) } : null),
    });
    const fetchMock = vi.fn(async () => ok(MAP));
    vi.stubGlobal('fetch', fetchMock);
    const { loadRemoteMap } = await freshRegistry();
    await expect(loadRemoteMap()).resolves.toEqual(inPage);
    await expect(loadRemoteMap()).resolves.toEqual(inPage);
    expect(fetchMock).not.toHaveBeenCalled();
    // Try Again asks the edge: a deployment may have changed remotes.json since the page was sent.
    await expect(loadRemoteMap(true)).resolves.toEqual(MAP);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches remotes.json where nobody filled the include (the dev server, the iOS bundle)', async () => {
    for (const textContent of ['<!--# include virtual="/remotes.json" -->', '', '["not a map"]']) {
      vi.stubGlobal('document', { getElementById: () => ({ textContent }) });
      const fetchMock = vi.fn(async () => ok(MAP));
      vi.stubGlobal('fetch', fetchMock);
      const { loadRemoteMap } = await freshRegistry();
      await expect(loadRemoteMap(), textContent).resolves.toEqual(MAP);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('forgets a failed remotes.json so a retry fetches again', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('nope', { status: 503 }))
      .mockResolvedValueOnce(ok(MAP));
    vi.stubGlobal('fetch', fetchMock);
    const { loadRemoteMap } = await freshRegistry();
    await expect(loadRemoteMap()).rejects.toThrow('503');
    await expect(loadRemoteMap()).resolves.toEqual(MAP);
  });

  it('registers the entry as an absolute URL and loads <name>/App', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(MAP)),
    );
    const App = () => null;
    runtime.loadRemote.mockResolvedValue({ default: App });
    const { loadRemoteApp } = await freshRegistry();
    await expect(loadRemoteApp('challenges')).resolves.toEqual({ default: App });
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'challenges', entry: 'https://vere.test/remotes/challenges/remoteEntry.js' }],
      { force: false },
    );
    expect(runtime.loadRemote).toHaveBeenCalledWith('challenges/App');
  });

  it('re-registers with force on a fresh attempt', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(MAP)),
    );
    runtime.loadRemote.mockRejectedValueOnce(new Error('RUNTIME-003')).mockResolvedValueOnce({ default: () => null });
    const { loadRemoteApp, RemoteUnavailableError } = await freshRegistry();
    await expect(loadRemoteApp('challenges')).rejects.toBeInstanceOf(RemoteUnavailableError);
    await loadRemoteApp('challenges', true);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(expect.any(Array), { force: true });
  });

  it('reports a remote missing from remotes.json', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(MAP)),
    );
    const { loadRemoteApp } = await freshRegistry();
    await expect(loadRemoteApp('connect')).rejects.toThrow('not listed in remotes.json');
  });

  it('preloads the remote of the first screen for a returning user, and that load reuses remotes.json', async () => {
    const fetchMock = vi.fn(async () => ok(MAP));
    vi.stubGlobal('fetch', fetchMock);
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    const { preloadArea, loadRemoteApp } = await freshRegistry();
    await preloadArea('/', true);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'challenges', entry: 'https://vere.test/remotes/challenges/remoteEntry.js' }],
      { force: false },
    );
    // The App's files are loaded, the App itself is not run yet.
    expect(runtime.loadRemote).toHaveBeenCalledWith('challenges/App', { loadFactory: false, from: 'runtime' });
    await loadRemoteApp('challenges');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('preloads nothing for a visitor (sent to /auth) or on a shell page', async () => {
    const fetchMock = vi.fn(async () => ok(MAP));
    vi.stubGlobal('fetch', fetchMock);
    const { preloadArea } = await freshRegistry();
    await preloadArea('/', false);
    await preloadArea('/auth', true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it("leaves a preload whose entry does not load to the area's own load", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(MAP)),
    );
    runtime.loadRemote.mockRejectedValueOnce(new Error('RUNTIME-008'));
    const { preloadArea } = await freshRegistry();
    await expect(preloadArea('/', true)).resolves.toBeUndefined();
  });

  it('leaves a failed preload to the area itself (no unhandled rejection)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    const { preloadArea } = await freshRegistry();
    await expect(preloadArea('/weekly', true)).resolves.toBeUndefined();
  });
});

describe('areaFiles', () => {
  it("lists an area's entry, App chunk and App stylesheet next to its manifest", async () => {
    const { areaFiles } = await import('./prefetch-area');
    const manifest = {
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.10c339d9.js', path: '' } },
      exposes: [
        { name: 'Other', assets: { js: { sync: ['other.js'] }, css: { sync: [] } } },
        {
          name: 'App',
          assets: {
            js: { sync: ['__federation_expose_App.9e7dc2a7.js'] },
            css: { sync: ['__federation_expose_App.bac24d5d.css'] },
          },
        },
      ],
    };
    expect(areaFiles(manifest, 'https://vere.test/remotes/connect/mf-manifest.json')).toEqual([
      'https://vere.test/remotes/connect/remoteEntry.10c339d9.js',
      'https://vere.test/remotes/connect/__federation_expose_App.9e7dc2a7.js',
      'https://vere.test/remotes/connect/__federation_expose_App.bac24d5d.css',
    ]);
  });

  it('follows an explicit public path and an entry in a folder', async () => {
    const { areaFiles } = await import('./prefetch-area');
    const manifest = {
      metaData: {
        publicPath: 'https://cdn.vere.test/connect/v2/',
        remoteEntry: { name: 'remoteEntry.js', path: 'entry/' },
      },
      exposes: [{ name: 'App', assets: { js: { sync: ['app.js'] }, css: { sync: [] } } }],
    };
    expect(areaFiles(manifest, 'https://vere.test/remotes/connect/mf-manifest.json')).toEqual([
      'https://cdn.vere.test/connect/v2/entry/remoteEntry.js',
      'https://cdn.vere.test/connect/v2/app.js',
    ]);
  });
});

describe('prefetchArea', () => {
  const manifest = {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ name: 'App', assets: { js: { sync: ['app.1234abcd.js'] }, css: { sync: [] } } }],
  };
  const links: { rel: string; href: string }[] = [];

  beforeEach(() => {
    links.length = 0;
    vi.stubGlobal('window', { location: { href: 'https://vere.test/' } });
    vi.stubGlobal('document', {
      createElement: () => ({ rel: '', href: '' }),
      head: { appendChild: (link: { rel: string; href: string }) => links.push(link) },
    });
    runtime.registerRemotes.mockReset();
    runtime.loadRemote.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("reads the manifest beside the area's listed entry and prefetches its files without running them", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      ok(url.endsWith('remotes.json') ? { connect: '/remotes/connect/2.0.1/remoteEntry.js' } : manifest),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.resetModules();
    const { prefetchArea } = await import('./prefetch-area');
    await prefetchArea('connect');
    expect(fetchMock).toHaveBeenCalledWith(
      'https://vere.test/remotes/connect/2.0.1/mf-manifest.json',
      expect.anything(),
    );
    expect(links).toEqual([
      { rel: 'prefetch', href: 'https://vere.test/remotes/connect/2.0.1/remoteEntry.js' },
      { rel: 'prefetch', href: 'https://vere.test/remotes/connect/2.0.1/app.1234abcd.js' },
    ]);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('leaves out the area the page is loading already', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      ok(url.endsWith('remotes.json') ? { challenges: '/remotes/challenges/remoteEntry.js' } : manifest),
    );
    vi.stubGlobal('fetch', fetchMock);
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    vi.resetModules();
    const { loadRemoteApp } = await import('./remote-registry');
    const { prefetchArea } = await import('./prefetch-area');
    await loadRemoteApp('challenges');
    await prefetchArea('challenges');
    expect(fetchMock).toHaveBeenCalledTimes(1); // remotes.json, no manifest
    expect(links).toEqual([]);
  });
});
