// Loaded by the shell's warm-up once the first screen has settled (its own chunk: nothing of it is on
// the first paint's path).
import type { AreaName } from '../../../shared/utils/areas';
import { REMOTE_EXPOSE, isAreaRegistered, loadRemoteMap } from './remote-registry';

/** The parts of a remote's mf-manifest.json the prefetch reads. */
export interface RemoteManifest {
  metaData: { publicPath: string; remoteEntry: { name: string; path: string } };
  exposes: { name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

/** The files loading an area's App starts with (its entry, the App chunk and its CSS), as absolute URLs. */
export function areaFiles(manifest: RemoteManifest, manifestUrl: string): string[] {
  const { publicPath, remoteEntry } = manifest.metaData;
  // 'auto': the files sit next to the manifest (remoteConfig's publicPath).
  const base = new URL(publicPath === 'auto' ? '.' : publicPath, manifestUrl);
  const expose = manifest.exposes.find((e) => e.name === REMOTE_EXPOSE);
  const files = [remoteEntry.path ? `${remoteEntry.path.replace(/\/$/, '')}/${remoteEntry.name}` : remoteEntry.name];
  if (expose) files.push(...expose.assets.js.sync, ...expose.assets.css.sync);
  return files.map((file) => new URL(file, base).href);
}

const prefetched = new Set<string>();

/**
 * Downloads an area's start-up files into the browser's cache without running them: opening the
 * area later finds them there. The federation runtime's preloadRemote would run the remote's entry
 * (and the warm-up used to load the whole App), each area's start-up a main-thread task while the
 * first screen is in use. Failures are left to the area's own load.
 */
export async function prefetchArea(name: AreaName): Promise<void> {
  // An area the page has loaded (the one it opened on) has its files already.
  if (isAreaRegistered(name)) return;
  try {
    const listed = (await loadRemoteMap())[name];
    if (!listed) return;
    // remotes.json lists the entry; the remote's build writes its manifest beside it (decision 0070).
    const manifestUrl = new URL('mf-manifest.json', new URL(listed, window.location.href)).href;
    const response = await fetch(manifestUrl, { headers: { Accept: 'application/json' } });
    if (!response.ok) return;
    for (const href of areaFiles((await response.json()) as RemoteManifest, manifestUrl)) {
      if (prefetched.has(href)) continue;
      prefetched.add(href);
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // Only a warm-up: the area's own load reports what is wrong.
  }
}
