// The app icon and launch image from the brand mark (apps/shell/public/favicon.svg), drawn with
// sharp: `node scripts/brand-assets.mjs` after the mark changes; the PNGs are committed.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const ASSETS = join(import.meta.dirname, '..', 'ios', 'App', 'App', 'Assets.xcassets');
const BACKGROUND = '#0d0a1a';

const svg = await readFile(join(import.meta.dirname, '..', '..', 'shell', 'public', 'favicon.svg'), 'utf8');
// The mark without its rounded tile's inset: iOS masks the icon itself, and an icon has no transparency.
const tile = svg.replace('x="2" y="2" width="44" height="44" rx="14"', 'x="0" y="0" width="48" height="48" rx="0"');
await sharp(Buffer.from(tile), { density: 1600 })
  .resize(1024, 1024)
  .flatten({ background: BACKGROUND })
  .png()
  .toFile(join(ASSETS, 'AppIcon.appiconset', 'AppIcon-512@2x.png'));

// Launch image: the mark, small, in the middle of the app's dark background (the web splash's look).
const mark = await sharp(Buffer.from(svg), { density: 1200 }).resize(400, 400).png().toBuffer();
const splash = await sharp({ create: { width: 2732, height: 2732, channels: 4, background: BACKGROUND } })
  .composite([{ input: mark, gravity: 'center' }])
  .flatten({ background: BACKGROUND })
  .png()
  .toBuffer();
for (const name of ['splash-2732x2732.png', 'splash-2732x2732-1.png', 'splash-2732x2732-2.png']) {
  await sharp(splash).toFile(join(ASSETS, 'Splash.imageset', name));
}
