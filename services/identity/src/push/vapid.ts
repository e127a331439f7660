import { decryptPrivateKey, encryptPrivateKey } from '../key-encryption';
import type { Db } from '../repositories/db';
import type { PushRepository } from '../repositories/push-repository';
import { generateVapidKeys, type VapidKeys } from './web-push-sender';

/** The key id the stored private key is encrypted under (the additional data of key-encryption.ts). */
const VAPID_KID = 'vapid';

export interface VapidConfig {
  publicKey?: string;
  privateKey?: string;
  subject?: string;
}

/** A VAPID subject: the operator's `mailto:` or https URL (RFC 8292 §2.1). */
export function vapidSubject(configured: string | undefined, appUrl: string): string {
  if (configured) return configured;
  return appUrl.startsWith('https://') ? appUrl : 'mailto:push@vere.invalid';
}

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY from the environment (both, or
 * neither; production must set them), else the embedded default's pair, made once by the first
 * replica and kept in the database so every replica and every restart signs with the same key (a
 * new key would orphan every browser's subscription).
 */
export async function loadVapidKeys(
  deps: { db: Db; push: PushRepository },
  config: VapidConfig & { production: boolean; appUrl: string; encryptionKey?: Buffer },
): Promise<VapidKeys> {
  const subject = vapidSubject(config.subject, config.appUrl);
  if (config.publicKey || config.privateKey) {
    if (!config.publicKey || !config.privateKey) {
      throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    }
    return { publicKey: config.publicKey, privateKey: config.privateKey, subject };
  }
  if (config.production) {
    throw new Error(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set in production (npx web-push generate-vapid-keys)',
    );
  }
  let stored = await deps.push.vapidKey(deps.db);
  if (!stored) {
    const made = generateVapidKeys();
    const key = config.encryptionKey;
    await deps.push.keepVapidKey(deps.db, {
      publicKey: made.publicKey,
      privateKey: key ? encryptPrivateKey(made.privateKey, key, VAPID_KID) : made.privateKey,
      encrypted: !!key,
    });
    stored = (await deps.push.vapidKey(deps.db))!;
  }
  if (stored.encrypted && !config.encryptionKey) {
    throw new Error('the stored VAPID key is encrypted: SIGNING_KEY_ENCRYPTION_KEY is needed to read it');
  }
  const privateKey =
    stored.encrypted && config.encryptionKey
      ? decryptPrivateKey(stored.privateKey, config.encryptionKey, VAPID_KID)
      : stored.privateKey;
  return { publicKey: stored.publicKey, privateKey, subject };
}
