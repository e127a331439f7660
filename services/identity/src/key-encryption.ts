import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** How a stored private key is protected: the `encryption` column of `signing_key`. */
export type KeyEncryption = 'none' | 'aes-256-gcm';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** SIGNING_KEY_ENCRYPTION_KEY: 32 random bytes, base64 (`openssl rand -base64 32`). */
export function parseEncryptionKey(value: string): Buffer {
  // 32 bytes are 43 base64 characters and one '=' of padding.
  if (!/^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=?$/.test(value.trim())) {
    throw new Error('SIGNING_KEY_ENCRYPTION_KEY must be 32 random bytes in base64 (openssl rand -base64 32)');
  }
  return Buffer.from(value.trim(), 'base64');
}

/**
 * AES-256-GCM with a random IV, as `v1.<iv>.<tag>.<ciphertext>` (base64url). The key id is the
 * additional data, so a ciphertext copied onto another row does not decrypt there.
 */
export function encryptPrivateKey(pem: string, key: Buffer, kid: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(kid));
  const ciphertext = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptPrivateKey(stored: string, key: Buffer, kid: string): string {
  const [version, iv, tag, ciphertext, ...rest] = stored.split('.');
  if (version !== VERSION || !iv || !tag || !ciphertext || rest.length > 0) {
    throw new Error(`stored signing key ${kid} is not in a known encrypted format`);
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(kid));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch (err) {
    throw new Error(`SIGNING_KEY_ENCRYPTION_KEY does not decrypt the stored signing key ${kid} (wrong key?)`, {
      cause: err,
    });
  }
}
