import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { AreaName } from './areas';

/** remotes.json: remote name → URL of that remote's mf-manifest.json. The edge may swap it to change versions. */
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

/**
 * Fetched once per page; a failed fetch is forgotten, and `fresh` (Try Again) fetches it anew so a
 * fixed deployment — a remote back up, or remotes.json pointing at another version — is picked up
 * without a page reload.
 */
export function loadRemoteMap(fresh = false): Promise<RemoteMap> {
  if (fresh) remoteMap = null;
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
  const listed = map[name];
  if (!listed) throw new RemoteUnavailableError(name, 'not listed in remotes.json');
  const entry = new URL(listed, window.location.href).href;

  if (fresh || registered.get(name) !== entry) {
    registerRemotes([{ name, entry }], { force: registered.has(name) });
    registered.set(name, entry);
  }
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
