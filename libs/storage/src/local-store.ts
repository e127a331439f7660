import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertKey, type PhotoStore, type SignedUrl, type StoredObject } from './photo-store';

export interface LocalStoreOptions {
  /** Folder holding the files, e.g. `.data/photos`; created when missing. */
  dir: string;
  /**
   * HMAC key for the links (base64, at least 32 bytes). Absent: one is generated once and kept in
   * `<dir>/.url-signing-key` (mode 0600), so links survive a restart and every process sharing the folder agrees.
   */
  signingKey?: string;
  /** The path (or absolute URL) the service serves a key at; `?exp=…&sig=…` is appended. */
  urlFor: (key: string) => string;
  /** Seconds since the epoch; the real clock by default (tests move it). */
  now?: () => number;
}

export interface LocalPhotoStore extends PhotoStore {
  readonly kind: 'local';
  /** Whether `exp` and `sig` (from a link of signedUrl) are genuine for `key` and not yet expired. */
  verify(key: string, exp: string | undefined, sig: string | undefined): boolean;
}

const META = '.meta.json';

/** Photos as files on the local disk (the embedded default), read through HMAC-signed links. */
export async function createLocalPhotoStore(opts: LocalStoreOptions): Promise<LocalPhotoStore> {
  const root = resolve(opts.dir);
  await mkdir(root, { recursive: true });
  const secret = await signingSecret(root, opts.signingKey);
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const fileOf = (key: string) => {
    assertKey(key);
    // The store's own files (type sidecars, half-written files, the key) are never objects.
    if (key.endsWith(META) || key.endsWith('.tmp') || key.startsWith('.'))
      throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return join(root, key);
  };
  const sign = (key: string, exp: number) => createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url');

  return {
    kind: 'local',
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, bytes);
      await writeFile(`${file}${META}`, JSON.stringify({ contentType }));
      await rename(tmp, file);
    },
    async get(key): Promise<StoredObject | null> {
      const file = fileOf(key);
      try {
        const [info, meta] = await Promise.all([stat(file), readFile(`${file}${META}`, 'utf8')]);
        const { contentType } = JSON.parse(meta) as { contentType: string };
        return { body: createReadStream(file), contentType, size: info.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}${META}`, { force: true });
    },
    async signedUrl(key, ttlSeconds): Promise<SignedUrl> {
      assertKey(key);
      const exp = now() + Math.max(1, Math.floor(ttlSeconds));
      const base = opts.urlFor(key);
      const url = `${base}${base.includes('?') ? '&' : '?'}exp=${exp}&sig=${sign(key, exp)}`;
      return { url, expiresAt: new Date(exp * 1000) };
    },
    verify(key, exp, sig) {
      if (!exp || !sig || !/^[0-9]{1,12}$/.test(exp)) return false;
      const expected = Buffer.from(sign(key, Number(exp)));
      const given = Buffer.from(sig);
      // Constant time: the comparison does not tell an attacker how much of a guess was right.
      const genuine = given.length === expected.length && timingSafeEqual(given, expected);
      return genuine && Number(exp) > now();
    },
  };
}

async function signingSecret(root: string, configured: string | undefined): Promise<Buffer> {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length < 32) throw new Error('The photo link signing key must be at least 32 bytes, base64');
    return key;
  }
  const file = join(root, '.url-signing-key');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(32);
  try {
    // 'wx': of two processes starting together, one writes the key and the other reads it.
    await writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  }
}
