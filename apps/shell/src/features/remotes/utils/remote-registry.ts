import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { hasKnownUser } from '../../../shared/utils/known-user';
import { areaForPath } from '../../../shared/utils/areas';
import type { AreaName } from '../../../shared/utils/areas';

/**
 * remotes.json: remote name → URL of that remote's remoteEntry.js (decision 0070; its
 * mf-manifest.json sits beside it, for the warm-up). The edge may swap it to change versions.
 */
export type RemoteMap = Partial<Record<AreaName, string>>;

export const REMOTES_URL = '/remotes.json';

/** Every remote exposes exactly this module: a component rendering the area's relative <Routes>. */
export const REMOTE_EXPOSE = 'App';

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(`Remote "${remote}" is unavailable: ${reason}`, options);
    this.name = 'RemoteUnavailableError';
  }
}

let remoteMap: Promise<RemoteMap> | null = null;
const registered = new Map<string, string>();

/** The element the edge writes remotes.json into (decision 0075); absent or unfilled elsewhere. */
export const REMOTES_ELEMENT_ID = 'vere-remotes';

/**
 * The map the edge wrote into the page (`<script type="application/json" id="vere-remotes">`: its
 * SSI include, filled by the local edge and nginx), or null where nobody filled it (the dev server,
 * the iOS bundle: the include is left as it is, which is not JSON).
 */
function mapInPage(): RemoteMap | null {
  const text =
    typeof document === 'undefined' || typeof document.getElementById !== 'function'
      ? null
      : document.getElementById(REMOTES_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const map: unknown = JSON.parse(text);
    return map !== null && typeof map === 'object' && !Array.isArray(map) ? (map as RemoteMap) : null;
  } catch {
    return null;
  }
}

/**
 * Read once per page: from the page when the edge wrote it there, else fetched. A failed fetch is
 * forgotten, and `fresh` (Try Again) fetches it anew so a fixed deployment — a remote back up, or
 * remotes.json pointing at another version — is picked up without a page reload.
 */
export function loadRemoteMap(fresh = false): Promise<RemoteMap> {
  if (fresh) remoteMap = null;
  else if (!remoteMap) {
    const inPage = mapInPage();
    if (inPage) remoteMap = Promise.resolve(inPage);
  }
  remoteMap ??= fetch(REMOTES_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${REMOTES_URL} answered ${response.status}`);
      return (await response.json()) as RemoteMap;
    })
    .catch((error: unknown) => {
      remoteMap = null;
      throw error;
    });
  return remoteMap;
}

/** Whether the page has started loading this area (registered it with the runtime): its files are on their way. */
export function isAreaRegistered(name: AreaName): boolean {
  return registered.has(name);
}

/** Registers `name` at its remotes.json entry (again with `fresh`, dropping what the runtime cached). */
function register(name: AreaName, map: RemoteMap, fresh: boolean): string {
  const listed = map[name];
  if (!listed) throw new RemoteUnavailableError(name, 'not listed in remotes.json');
  const entry = new URL(listed, window.location.href).href;
  if (fresh || registered.get(name) !== entry) {
    registerRemotes([{ name, entry }], { force: registered.has(name) });
    registered.set(name, entry);
  }
  return entry;
}

/**
 * Called by index.ts before the async boundary, i.e. while the shared modules (React, the router)
 * are still downloading: fetches remotes.json, then the entry of the area `pathname` belongs to,
 * and loads that area's App chunk and stylesheet without running the App (`loadFactory: false`).
 * The first screen's remote then no longer waits for the shell to boot before its two sequential
 * requests start (decisions 0020, 0070). Only when this
 * browser has had a signed-in user: a visitor on `/` is sent to /auth and would not use it.
 * Failures are left to the area's own load, which reports them.
 */
export function preloadArea(pathname: string, knownUser = hasKnownUser()): Promise<void> {
  const area = areaForPath(pathname);
  if (!area || !knownUser) return Promise.resolve();
  return loadRemoteMap()
    .then((map) => {
      register(area.name, map, false);
      return loadRemote(`${area.name}/${REMOTE_EXPOSE}`, { loadFactory: false, from: 'runtime' });
    })
    .then(
      () => undefined,
      () => undefined,
    );
}

let settleFirstLoad: () => void = () => {};
/** Settles once the first area the page shows has loaded (or failed): the warm-up waits for it. */
export const firstAreaSettled = new Promise<void>((resolve) => {
  settleFirstLoad = resolve;
});

/** RemoteArea calls it when its load settles. */
export function settleFirstAreaLoad(): void {
  settleFirstLoad();
}

interface RemoteAppModule {
  default: ComponentType;
}

/**
 * Registers the remote (once, or again with `fresh` so a retry drops whatever the runtime cached
 * from the failed attempt) and loads its App.
 */
export async function loadRemoteApp(name: AreaName, fresh = false): Promise<RemoteAppModule> {
  let map: RemoteMap;
  try {
    map = await loadRemoteMap(fresh);
  } catch (cause) {
    throw new RemoteUnavailableError(name, 'remotes.json could not be loaded', { cause });
  }
  const entry = register(name, map, fresh);
  let module: RemoteAppModule | null | undefined;
  try {
    module = await loadRemote<RemoteAppModule>(`${name}/${REMOTE_EXPOSE}`);
  } catch (cause) {
    throw new RemoteUnavailableError(name, `${entry} could not be loaded`, { cause });
  }
  if (!module || typeof module.default !== 'function') {
    throw new RemoteUnavailableError(name, `./${REMOTE_EXPOSE} has no default component export`);
  }
  return module;
}
