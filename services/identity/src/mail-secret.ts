import type { ServiceContext } from '@vere/service-kit';
import { newUnsubscribeSecret } from './unsubscribe-token';

type Pool = ServiceContext<unknown>['pool'];

/**
 * The key unsubscribe links are signed with: UNSUBSCRIBE_SECRET when set (base64, at least 32
 * bytes), otherwise one made once and kept in `mail_secret`, the first replica's insert winning.
 */
export function mailSecret(pool: () => Pool, configured?: string): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  return () => {
    secret ??= (async () => {
      if (configured) return Buffer.from(configured, 'base64');
      await pool().query(
        `INSERT INTO "identity"."mail_secret" (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`,
        [newUnsubscribeSecret()],
      );
      const { rows } = await pool().query<{ secret: Buffer }>(
        `SELECT secret FROM "identity"."mail_secret" WHERE id = 1`,
      );
      return rows[0]!.secret;
    })();
    secret.catch(() => (secret = undefined));
    return secret;
  };
}
