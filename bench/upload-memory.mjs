#!/usr/bin/env node
// How much memory proof-photo uploads cost: the photo intake (libs/storage: sniff, pixel limit,
// sharp re-encode) behind a bare HTTP server in a process of its own, 12 uploads at once, its RSS
// sampled every 5 ms. Prints idle RSS, the peak over idle and what is left 3 s later, for
//   - 12 × an 8,000 × 8,000 PNG (~190 KB, 64 MP: refused by its pixel count, before decoding).
//     Target: the peak within ~100 MB of idle (decoded, they once took an app from 368 MB to
//     686 MB, and it stayed there);
//   - 12 × a 48 MP phone photo (8,064 × 6,048 JPEG, 6.6 MB: taken and re-encoded), for information:
//     four bodies are read at a time (PHOTO_BODIES_AT_ONCE; the others wait unread), two of them
//     decoding (~45 MB each), and glibc keeps what was freed for the next ones. Seen on 2026-11-26:
//     +359 MB with every body read at once, +278 MB with four, +169 MB with four and
//     MALLOC_ARENA_MAX=2 (what the service image sets; run the bench with it in the environment).
//
//   node bench/upload-memory.mjs [--uploads 12] [--only png|jpeg]
//   MALLOC_ARENA_MAX=2 node bench/upload-memory.mjs --only jpeg
//
// The intake runs from its TypeScript source (tsx), as quests runs it; quests itself is not needed.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '12' },
    only: { type: 'string' },
    serve: { type: 'boolean', default: false },
  },
});
const MB = 1024 * 1024;

if (values.serve) await serve();
else await measure(Number(values.uploads));

/** The child: POST /photos (the body is the photo) → the intake's answer; GET /rss?since=… → peak RSS since that mark. */
async function serve() {
  // A benchmark of the intake itself, run in a process of its own as the other benches run the launcher.
  // eslint-disable-next-line @nx/enforce-module-boundaries
  const { intakePhoto, MAX_PHOTO_REQUEST_BYTES, PhotoRejected, withPhotoBodySlot } = await import('@vere/storage');
  const sharp = (await import('sharp')).default;
  // Warm up libvips (its first image loads codecs and starts threads) so idle means ready.
  await intakePhoto(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .png()
      .toBuffer(),
  );
  let peak = 0;
  setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5).unref();
  const server = createServer(async (req, res) => {
    const answer = (status, body) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && req.url === '/rss') {
      globalThis.gc?.();
      return answer(200, { rss: process.memoryUsage.rss(), peak });
    }
    if (req.method === 'POST' && req.url === '/rss/reset') {
      globalThis.gc?.();
      peak = process.memoryUsage.rss();
      return answer(200, { rss: peak });
    }
    // As quests' upload route: the body is read only once a body slot is free.
    await withPhotoBodySlot(async () => {
      const chunks = [];
      let size = 0;
      for await (const chunk of req) {
        size += chunk.length;
        if (size > MAX_PHOTO_REQUEST_BYTES) return answer(413, { code: 'PHOTO_TOO_LARGE' });
        chunks.push(chunk);
      }
      try {
        const photo = await intakePhoto(Buffer.concat(chunks));
        return answer(201, { width: photo.width, height: photo.height, bytes: photo.bytes.length });
      } catch (err) {
        if (err instanceof PhotoRejected) return answer(413, { code: err.code });
        return answer(500, { code: 'INTERNAL', message: String(err) });
      }
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(`intake listening at http://127.0.0.1:${server.address().port}`));
}

/** The parent: makes the photos, starts the child, uploads them all at once, reads the child's RSS. */
async function measure(uploads) {
  const sharp = (await import('sharp')).default;
  const bombPng = await sharp({ create: { width: 8_000, height: 8_000, channels: 3, background: '#234' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const phoneJpeg = await photoLikeJpeg(sharp, 8_064, 6_048);

  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    cwd: fileURLToPath(new URL('../', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the intake exited (${code}): ${out}`)));
  });
  const rss = async (path = '/rss', method = 'GET') => (await fetch(`${url}${path}`, { method })).json();

  try {
    console.log(
      `\nPhoto intake (libs/storage), ${uploads} uploads at once, RSS of the intake's process (sampled every 5 ms)`,
    );
    let bombPeak = Infinity;
    const rounds = [
      ['png', `8,000 × 8,000 PNG (${Math.round(bombPng.length / 1024)} KB, 64 MP)`, bombPng],
      ['jpeg', `8,064 × 6,048 JPEG (${(phoneJpeg.length / MB).toFixed(1)} MB, 48 MP)`, phoneJpeg],
    ];
    for (const [, name, photo] of rounds.filter(([kind]) => !values.only || kind === values.only)) {
      await new Promise((r) => setTimeout(r, 1_000));
      const { rss: idle } = await rss('/rss/reset', 'POST');
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: uploads }, () =>
          fetch(`${url}/photos`, { method: 'POST', body: photo }).then(async (res) =>
            `${res.status} ${(await res.json()).code ?? ''}`.trim(),
          ),
        ),
      );
      const seconds = (Date.now() - started) / 1000;
      const { peak } = await rss();
      await new Promise((r) => setTimeout(r, 3_000));
      const { rss: after } = await rss();
      const over = (peak - idle) / MB;
      if (photo === bombPng) bombPeak = over;
      const counts = Object.entries(answers.reduce((acc, a) => ({ ...acc, [a]: (acc[a] ?? 0) + 1 }), {}))
        .map(([a, n]) => `${n}× ${a}`)
        .join(', ');
      console.log(
        `${name.padEnd(34)} idle ${(idle / MB).toFixed(0).padStart(4)} MB   peak +${over.toFixed(0).padStart(4)} MB   3 s later +${((after - idle) / MB).toFixed(0).padStart(4)} MB   ${seconds.toFixed(1)} s   answers: ${counts}`,
      );
    }
    process.exitCode = bombPeak <= 100 || values.only === 'jpeg' ? 0 : 1;
    if (process.exitCode) console.log('Over the target: the 64 MP PNGs took the intake more than 100 MB over idle.');
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

/** A photo-sized JPEG with a photo's weight (6–7 MB, under the 10 MiB limit): coarse noise, smoothly scaled up. */
async function photoLikeJpeg(sharp, width, height) {
  const coarse = Buffer.alloc((width / 16) * (height / 16) * 3);
  for (let i = 0; i < coarse.length; i += 1) coarse[i] = (Math.random() * 256) | 0;
  return sharp(coarse, { raw: { width: width / 16, height: height / 16, channels: 3 } })
    .resize(width, height)
    .jpeg({ quality: 80 })
    .toBuffer();
}
