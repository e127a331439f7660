// Puts the built web app together the way the edge serves it, for Capacitor's webDir (www/): the
// shell at the root, each remote under remotes/<name>/, remotes.json pointing at them, and a
// Content-Security-Policy <meta> (there is no server to send the header in the app) that adds the
// API origin to connect-src. Run by `nx run ios:sync` after the apps are built.
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { contentSecurityPolicy } from '@vere/web-build/csp';

const APPS = join(import.meta.dirname, '..', '..');
const WWW = join(import.meta.dirname, '..', 'www');
export const REMOTES = ['challenges', 'connect', 'playbooks', 'account'];

/** Precompressed twins are for the edge; the app reads files from its bundle. */
const plainFile = (src) => !/\.(br|gz)$/.test(src);

/** The app's policy: the web's, minus what a <meta> cannot carry, with the API's origin to call. */
export function appContentSecurityPolicy(indexHtml, apiOrigin) {
  return contentSecurityPolicy(indexHtml)
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .map((directive) =>
      directive === "connect-src 'self'" && apiOrigin ? `connect-src 'self' ${apiOrigin}` : directive,
    )
    .join('; ');
}

async function assemble() {
  const shell = join(APPS, 'shell', 'dist');
  if (!existsSync(join(shell, 'index.html'))) throw new Error(`The shell is not built (${shell}): run nx run ios:sync`);
  await rm(WWW, { recursive: true, force: true });
  await cp(shell, WWW, { recursive: true, filter: plainFile });
  const remotes = {};
  for (const name of REMOTES) {
    const dist = join(APPS, name, 'dist');
    if (!existsSync(join(dist, 'remoteEntry.js'))) throw new Error(`The ${name} remote is not built (${dist})`);
    await mkdir(join(WWW, 'remotes', name), { recursive: true });
    await cp(dist, join(WWW, 'remotes', name), { recursive: true, filter: plainFile });
    remotes[name] = `/remotes/${name}/remoteEntry.js`;
  }
  await writeFile(join(WWW, 'remotes.json'), `${JSON.stringify(remotes, null, 2)}\n`);
  // The prerendered /auth is for the web's first visit; the app always starts on index.html.
  const indexPath = join(WWW, 'index.html');
  const html = await readFile(indexPath, 'utf8');
  const apiOrigin = process.env.VERE_API_ORIGIN ? new URL(process.env.VERE_API_ORIGIN).origin : '';
  const meta = `<meta http-equiv="Content-Security-Policy" content="${appContentSecurityPolicy(html, apiOrigin)}">`;
  if (!/<head[^>]*>/.test(html)) throw new Error('index.html has no <head>');
  await writeFile(
    indexPath,
    html.replace(/<head[^>]*>/, (head) => `${head}${meta}`),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await assemble();
