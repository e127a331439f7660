// Build step (after rspack): renders the shell at `/auth` for a visitor and writes dist/auth.html,
// which the edge serves for GET /auth. The sign-in page then paints from the HTML and its two
// stylesheets, instead of after the shell's JavaScript has loaded and run; bootstrap.tsx hydrates it.
// A browser that has had a user gets the splash over it instead (data-known-user, set by the theme
// script in index.html) and a fresh client render, as on every other path (decision 0030).
//
// Run: node --import tsx --import ./prerender/css-stub.mjs prerender/auth.tsx   (the shell's build)
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { App } from '../src/app';

const dist = join(import.meta.dirname, '..', 'dist');

async function render(): Promise<string> {
  // React recovers from an error in a component by leaving that part to the client and only logs it:
  // the build then shipped a half-empty /auth. Any such error fails the build instead.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App location="/auth" />
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  if (errors.length > 0) throw new Error('prerendering /auth failed', { cause: errors[0] });
  return html;
}

/** The marker bootstrap.tsx looks for, and the rules that hide the page or the splash. */
const PRERENDER_STYLE = [
  // Visitors see the page at once: no splash.
  'html:not([data-known-user]) #boot{display:none}',
  // A browser that has had a user waits for its session under the splash, as on other paths.
  'html[data-known-user] #root[data-prerendered]{visibility:hidden}',
].join('');

export async function prerenderAuth(): Promise<void> {
  const [index, assets, body] = await Promise.all([
    readFile(join(dist, 'index.html'), 'utf8'),
    readFile(join(dist, 'prerender-assets.json'), 'utf8').then((t) => JSON.parse(t) as { css: string[] }),
    render(),
  ]);
  if (/<script/i.test(body))
    throw new Error("the prerendered /auth carries a script: the CSP allows only index.html's");
  // Links, not inlined copies: Rspack's CSS loading finds a <link> to a chunk's file and takes the
  // chunk as loaded. Inlined, the app's own links would be added after it, and while only the first
  // had arrived its rules would override the auth page's (a visible layout shift).
  const links = assets.css.map((file) => `<link rel="stylesheet" href="/${file}">`).join('');
  const rootTag = '<div id="root"></div>';
  if (!index.includes(rootTag) || !index.includes('</head>'))
    throw new Error('dist/index.html has no empty #root or no </head>');
  // The entry script is fetched at once (preload) but run after the first contentful paint by the
  // inline script (runEntry): until then the main thread is the page's, which paints from the HTML.
  const scripts = [...index.matchAll(/<script defer src="([^"]+)"><\/script>/g)];
  if (scripts.length !== 1 || /<script[^>]+src=/.test(index.replace(scripts[0]![0], ''))) {
    throw new Error('dist/index.html should load exactly one script, the deferred entry');
  }
  const [entryTag, entrySrc] = scripts[0]!;
  // Not the app's preloads of its bootstrap chunks (rspack.config.mjs, FirstScreenPreloadPlugin): here
  // they would share the connection with what the sign-in form paints from; the entry loads them
  // once the page has painted.
  const page = index
    .replace(/<link[^>]*\bdata-first-screen\b[^>]*>/g, '')
    .replace(
      entryTag,
      `<link rel="preload" href="${entrySrc}" as="script"><meta name="vere-entry" content="${entrySrc}">`,
    )
    .replace('</head>', `<style>${PRERENDER_STYLE}</style>${links}</head>`)
    .replace(rootTag, `<div id="root" data-prerendered="">${body}</div>`);
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const data = Buffer.from(page);
  await Promise.all([
    writeFile(join(dist, 'auth.html'), data),
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).then((b) =>
      writeFile(join(dist, 'auth.html.br'), b),
    ),
    gz(data, { level: 9 }).then((b) => writeFile(join(dist, 'auth.html.gz'), b)),
  ]);
  // Read only here: not something to deploy.
  await rm(join(dist, 'prerender-assets.json'));
}

await prerenderAuth();
