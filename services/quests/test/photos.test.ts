import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { weekDates, weekNumberOfDate } from '@vere/domain';
import { deleteUser } from '@vere/test-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, count, newPlayer, sidequestIds, startQuests, type QuestsHarness } from './helper';

let h: QuestsHarness;
let daily: string[];
let jpeg: Buffer;
beforeAll(async () => {
  h = await startQuests();
  daily = await sidequestIds(h, 'daily');
  // A phone photo: EXIF with the place it was taken.
  jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 90, b: 30 } } })
    .withExif({
      IFD0: { Make: 'VereTestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSMapDatum: 'WGS-84' },
    })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await h?.close();
});

const WEDNESDAY = '2026-01-14T12:00:00Z';

/** A multipart/form-data body with one part, as a browser's FormData sends it. */
function multipart(
  parts: { field: string; filename?: string; type?: string; data: Buffer | string }[],
  boundary = `----vere${randomUUID()}`,
) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.field}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(
  userId: string | null,
  body: { payload: Buffer; contentType: string },
  headers: Record<string, string> = {},
) {
  return h.quests.app.inject({
    method: 'POST',
    url: '/api/quests/me/photos',
    payload: body.payload,
    headers: {
      'content-type': body.contentType,
      ...(userId ? { authorization: `Bearer ${h.issuer.sign(userId)}` } : {}),
      ...headers,
    },
  });
}

const photoFile = (data: Buffer, filename = 'IMG_0001.jpg', type = 'image/jpeg') =>
  multipart([{ field: 'file', filename, type, data }]);
/** Anyone holding the link, signed in or not. */
const fetchLink = (url: string) => h.quests.app.inject({ method: 'GET', url });
const photos = (userId: string) => count(h, 'SELECT count(*) FROM quests.photo WHERE user_id = $1', [userId]);

async function uploaded(userId: string) {
  const res = await upload(userId, photoFile(jpeg));
  expect(res.statusCode).toBe(201);
  return res.json().photo as { id: string; url: string; expiresAt: string };
}

async function acceptedTodo(userId: string, card = daily[0]!) {
  const res = await as(h, userId).accept(card);
  expect(res.statusCode).toBe(201);
  return res.json().todo as { id: string; xpReward: number };
}

describe('uploading a proof photo', () => {
  it('answers 201 with the photo id and a short-lived link that serves the re-encoded image, without its GPS', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const res = await upload(userId, photoFile(jpeg));
    expect(res.statusCode).toBe(201);
    const { photo } = res.json();
    expect(Object.keys(photo).sort()).toEqual(['expiresAt', 'id', 'url']);
    expect(photo.url).toMatch(new RegExp(`^/api/quests/photos/${photo.id}\\?exp=[0-9]+&sig=[A-Za-z0-9_-]{43}$`));
    expect(photo.expiresAt).toBe('2026-01-14T12:10:00.000Z');
    expect(await photos(userId)).toBe(1);

    const image = await fetchLink(photo.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=/);
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 800, 600, undefined]);
    expect(image.rawPayload.toString('latin1')).not.toContain('WGS-84');
  });

  it('takes a PNG, whatever name and declared type the browser sent', async () => {
    const userId = await newPlayer(h);
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#00ff0080' } })
      .png()
      .toBuffer();
    const res = await upload(userId, photoFile(png, 'screenshot.txt', 'application/octet-stream'));
    expect(res.statusCode).toBe(201);
    expect((await fetchLink(res.json().photo.url)).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses bad uploads with 4xx and a stable code, storing nothing', async () => {
    const userId = await newPlayer(h);
    const cases: [string, Promise<{ statusCode: number; json(): { error: { code: string } } }>, number, string][] = [
      [
        'a text file renamed .jpg',
        upload(userId, photoFile(Buffer.from('just some words, not a photo\n'.repeat(50)))),
        415,
        'PHOTO_TYPE_NOT_ALLOWED',
      ],
      [
        'an SVG',
        upload(userId, photoFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml')),
        415,
        'PHOTO_TYPE_NOT_ALLOWED',
      ],
      [
        'a broken JPEG',
        upload(userId, photoFile(Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(300, 1)]))),
        400,
        'PHOTO_UNREADABLE',
      ],
      ['an empty file', upload(userId, photoFile(Buffer.alloc(0))), 400, 'PHOTO_UNREADABLE'],
      [
        'the file in another field',
        upload(userId, multipart([{ field: 'photo', filename: 'a.jpg', type: 'image/jpeg', data: jpeg }])),
        400,
        'PHOTO_MISSING',
      ],
      ['no file at all', upload(userId, multipart([{ field: 'note', data: 'hello' }])), 400, 'PHOTO_MISSING'],
      ['an empty form', upload(userId, multipart([])), 400, 'PHOTO_MISSING'],
      [
        'JSON instead of a form',
        upload(userId, {
          payload: Buffer.from('{"file":"data:image/jpeg;base64,/9j/"}'),
          contentType: 'application/json',
        }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'a form cut off mid-file',
        upload(userId, { payload: photoFile(jpeg).payload.subarray(0, 400), contentType: photoFile(jpeg).contentType }),
        400,
        'BAD_REQUEST',
      ],
      [
        'a boundary-less multipart',
        upload(userId, { payload: Buffer.from('x'), contentType: 'multipart/form-data' }),
        400,
        'BAD_REQUEST',
      ],
      [
        'a file over 10 MiB',
        upload(userId, photoFile(Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]))),
        413,
        'PHOTO_TOO_LARGE',
      ],
      [
        'a file one byte over 10 MiB',
        upload(userId, photoFile(Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 - jpeg.length + 1)]))),
        413,
        'PHOTO_TOO_LARGE',
      ],
      ['no sign-in', upload(null, photoFile(jpeg)), 401, 'UNAUTHENTICATED'],
    ];
    for (const [what, pending, status, code] of cases) {
      const res = await pending;
      expect({ what, status: res.statusCode, code: res.json().error.code }).toEqual({ what, status, code });
    }
    expect(await photos(userId)).toBe(0);
  });

  it('takes a file of exactly 10 MiB', async () => {
    const userId = await newPlayer(h);
    const res = await upload(userId, photoFile(Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 - jpeg.length)])));
    expect(res.statusCode).toBe(201);
  });

  it('refuses a declared length over the limit before reading the body', async () => {
    const userId = await newPlayer(h);
    const res = await upload(userId, photoFile(jpeg), { 'content-length': String(50 * 1024 * 1024) }).catch(
      (err: unknown) => err,
    );
    // inject sends what it has; the answer comes from the declared length alone.
    expect((res as { statusCode: number }).statusCode).toBe(413);
    expect((res as { json(): unknown }).json()).toMatchObject({ error: { code: 'PHOTO_TOO_LARGE', field: 'file' } });
  });

  it('other routes keep the small JSON body limit and do not read forms', async () => {
    const userId = await newPlayer(h);
    const token = `Bearer ${h.issuer.sign(userId)}`;
    const form = photoFile(jpeg);
    const asForm = await h.quests.app.inject({
      method: 'POST',
      url: '/api/quests/me/swipes/accept',
      payload: form.payload,
      headers: { authorization: token, 'content-type': form.contentType },
    });
    expect([asForm.statusCode, asForm.json().error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const bigJson = await h.quests.app.inject({
      method: 'POST',
      url: '/api/quests/me/swipes/accept',
      payload: JSON.stringify({ sidequestId: daily[0], pad: 'x'.repeat(70 * 1024) }),
      headers: { authorization: token, 'content-type': 'application/json' },
    });
    expect([bigJson.statusCode, bigJson.json().error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });
});

describe('photo links', () => {
  it('work for anyone holding them until they expire; a tampered or borrowed signature is refused', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const a = await uploaded(userId);
    const b = await uploaded(userId);
    expect((await fetchLink(a.url)).statusCode).toBe(200);

    const url = new URL(a.url, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const refused = async (path: string) => {
      const res = await fetchLink(path);
      expect({ path, status: res.statusCode, code: res.json().error.code }).toEqual({
        path,
        status: 403,
        code: 'PHOTO_LINK_INVALID',
      });
    };
    await refused(`/api/quests/photos/${a.id}?exp=${exp}&sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`);
    await refused(`/api/quests/photos/${a.id}?exp=${Number(exp) + 86_400}&sig=${sig}`);
    await refused(`/api/quests/photos/${b.id}?exp=${exp}&sig=${sig}`);
    await refused(`/api/quests/photos/${a.id}`);
    await refused(`/api/quests/photos/${a.id}?exp=${exp}`);

    h.clock.set('2026-01-14T12:09:59Z');
    expect((await fetchLink(a.url)).statusCode).toBe(200);
    h.clock.set('2026-01-14T12:10:00Z');
    await refused(a.url);
    // A fresh link comes with the to-do list (below); the old one stays dead.
    h.clock.set(WEDNESDAY);
  });

  it('a link to a photo that is gone answers 404; a malformed id 400', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const photo = await uploaded(userId);
    await rm(join(h.photosDir, 'proofs', photo.id), { force: true });
    const gone = await fetchLink(photo.url);
    expect([gone.statusCode, gone.json().error.code]).toEqual([404, 'NOT_FOUND']);
    const bad = await fetchLink('/api/quests/photos/..%2F.url-signing-key?exp=1&sig=x');
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('completing a to-do with a photo', () => {
  it('photo proof: the to-do keeps the photo, awards XP, and its owner gets a fresh signed proofPhotoUrl', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const user = as(h, userId);
    const todo = await acceptedTodo(userId);
    const photo = await uploaded(userId);
    const res = await user.complete(todo.id, { proofType: 'photo', photoId: photo.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      xpAwarded: todo.xpReward,
      todo: { status: 'completed', proofPhotoId: photo.id, proofText: null },
    });
    expect(res.json().todo.proofPhotoUrl).toMatch(new RegExp(`^/api/quests/photos/${photo.id}\\?exp=`));

    h.clock.set('2026-01-14T20:00:00Z'); // the upload's own link has long expired
    expect((await fetchLink(photo.url)).statusCode).toBe(403);
    const [listed] = (await user.todos()).json().completed;
    expect(listed).toMatchObject({ id: todo.id, proofPhotoId: photo.id });
    const image = await fetchLink(listed.proofPhotoUrl);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  it('both proof: text and photo', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const todo = await acceptedTodo(userId);
    const photo = await uploaded(userId);
    const res = await as(h, userId).complete(todo.id, {
      proofType: 'both',
      photoId: photo.id,
      proofText: 'Sunrise from the roof.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().todo).toMatchObject({ proofPhotoId: photo.id, proofText: 'Sunrise from the roof.' });
    expect(typeof res.json().todo.proofPhotoUrl).toBe('string');
  });

  it("another user's photo is refused as 'Please select a photo', and nothing changes", async () => {
    h.clock.set(WEDNESDAY);
    const owner = await newPlayer(h);
    const thief = await newPlayer(h);
    const photo = await uploaded(owner);
    const todo = await acceptedTodo(thief);
    for (const body of [
      { proofType: 'photo', photoId: photo.id },
      { proofType: 'both', photoId: photo.id, proofText: 'mine' },
    ]) {
      const res = await as(h, thief).complete(todo.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'photoId' });
    }
    expect((await as(h, thief).complete(todo.id, { proofType: 'photo', photoId: photo.id })).json().error.message).toBe(
      'Please select a photo',
    );
    const list = (await as(h, thief).todos()).json();
    expect(list.pending.map((t: { id: string }) => t.id)).toEqual([todo.id]);
    expect(list.pending[0].proofPhotoUrl ?? null).toBeNull();
  });

  it('a text-proof to-do has no photo link', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const todo = await acceptedTodo(userId);
    const res = await as(h, userId).complete(todo.id, { proofType: 'text', proofText: 'Did it.' });
    expect(res.json().todo.proofPhotoUrl ?? null).toBeNull();
  });
});

describe('the weekly challenge with a photo', () => {
  it("takes the user's own upload as proof and refuses another user's", async () => {
    h.clock.set(WEDNESDAY);
    const n = weekNumberOfDate('2026-01-14');
    const { startDate, endDate } = weekDates(n);
    await h.sql.query(
      `INSERT INTO quests.weekly_challenge (id, week_number, start_date, end_date, challenge_id)
       SELECT $1, $2, $3, $4, id FROM quests.challenge WHERE sequence = 1 ON CONFLICT (week_number) DO NOTHING`,
      [randomUUID(), n, startDate, endDate],
    );
    const {
      rows: [week],
    } = await h.sql.query<{ id: string }>('SELECT id FROM quests.weekly_challenge WHERE week_number = $1', [n]);
    const owner = await newPlayer(h);
    const other = await newPlayer(h);
    const photo = await uploaded(owner);
    const refused = await as(h, other).call('POST', `/api/quests/me/weekly/${week!.id}/complete`, {
      note: 'done',
      photoId: photo.id,
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const done = await as(h, owner).call('POST', `/api/quests/me/weekly/${week!.id}/complete`, {
      note: 'done',
      photoId: photo.id,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().victory).toMatchObject({ proofPhotoId: photo.id });
    // Recent Victories and the detail give the owner a fresh link to the photo (it shows after a reload).
    const listed = await as(h, owner).call('GET', '/api/quests/me/weekly/victories');
    const link = listed.json().victories[0].proofPhotoUrl as string;
    expect((await fetchLink(link)).statusCode).toBe(200);
    const detail = await as(h, owner).call('GET', `/api/quests/me/weekly/${week!.id}`);
    expect((await fetchLink(detail.json().victory.proofPhotoUrl)).statusCode).toBe(200);
  });
});

describe('account deletion', () => {
  it("erases the user's photos: rows and files", async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const photo = await uploaded(userId);
    await deleteUser(h.bus, userId);
    expect(await photos(userId)).toBe(0);
    expect((await fetchLink(photo.url)).statusCode).toBe(404);
  });
});

describe('the hourly upload allowance', () => {
  let limited: QuestsHarness;
  beforeAll(async () => {
    limited = await startQuests({ photoUploadsPerHour: 3 });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('admits exactly the allowance of 10 parallel uploads; the rest answer 429 RATE_LIMITED with Retry-After and store nothing', async () => {
    const userId = await newPlayer(limited);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const send = (id: string) => {
      const form = photoFile(png);
      return limited.quests.app.inject({
        method: 'POST',
        url: '/api/quests/me/photos',
        payload: form.payload,
        headers: { 'content-type': form.contentType, authorization: `Bearer ${limited.issuer.sign(id)}` },
      });
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(userId)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', field: 'file' });
    expect(refused.json().error.message).toMatch(
      /^You've uploaded a lot of photos this hour\. Try again in \d+ min\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await count(limited, 'SELECT count(*) FROM quests.photo WHERE user_id = $1', [userId])).toBe(3);

    // The allowance is the user's own: someone else still uploads.
    expect((await send(await newPlayer(limited))).statusCode).toBe(201);
  });
});

describe('photos never attached as proof', () => {
  const backdate = (photoId: string, hours: number) =>
    h.sql.query(`UPDATE quests.photo SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [
      photoId,
      hours,
    ]);
  const exists = async (photoId: string) =>
    (await count(h, 'SELECT count(*) FROM quests.photo WHERE id = $1', [photoId])) === 1;

  it('are removed (row and file) a day after upload by the sweep; proofs and fresh uploads stay', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const proof = await uploaded(userId);
    const todo = await acceptedTodo(userId);
    expect((await as(h, userId).complete(todo.id, { proofType: 'photo', photoId: proof.id })).statusCode).toBe(200);
    const stale = await uploaded(userId);
    const fresh = await uploaded(userId);
    await backdate(proof.id, 25);
    await backdate(stale.id, 25);

    expect(await h.quests.sweepPhotos()).toBeGreaterThanOrEqual(1);
    expect(await exists(stale.id)).toBe(false);
    expect((await fetchLink(stale.url)).statusCode).toBe(404);
    expect(await exists(proof.id)).toBe(true);
    expect((await fetchLink(proof.url)).statusCode).toBe(200);
    expect(await exists(fresh.id)).toBe(true);
    expect((await fetchLink(fresh.url)).statusCode).toBe(200);
    // Nothing left to do the second time.
    expect(await h.quests.sweepPhotos()).toBe(0);
  });
});

describe('the data export', () => {
  it("lists the user's photos with what was kept and a link that serves each", async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const photo = await uploaded(userId);
    const res = await as(h, userId).call('GET', '/api/quests/me/export');
    expect(res.statusCode).toBe(200);
    const { photos: listed } = res.json() as {
      photos: Array<{ id: string; contentType: string; width: number; url: string }>;
    };
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: photo.id, contentType: 'image/jpeg', width: 800, height: 600 });
    expect((await fetchLink(listed[0]!.url)).statusCode).toBe(200);
  });
});
