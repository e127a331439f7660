import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({ registerRemotes: vi.fn(), loadRemote: vi.fn(), preloadRemote: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const MAP = { challenges: '/remotes/challenges/mf-manifest.json' };
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
    runtime.preloadRemote.mockReset();
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

  it('registers the manifest as an absolute URL and loads <name>/App', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(MAP)),
    );
    const App = () => null;
    runtime.loadRemote.mockResolvedValue({ default: App });
    const { loadRemoteApp } = await freshRegistry();
    await expect(loadRemoteApp('challenges')).resolves.toEqual({ default: App });
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'challenges', entry: 'https://vere.test/remotes/challenges/mf-manifest.json' }],
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
      [{ name: 'challenges', entry: 'https://vere.test/remotes/challenges/mf-manifest.json' }],
      { force: false },
    );
    expect(runtime.preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'challenges', exposes: ['App'] }]);
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
    expect(runtime.preloadRemote).not.toHaveBeenCalled();
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
