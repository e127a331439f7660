/**
 * `npm run rotate-keys -w services/identity` (in the image: `node dist/rotate-keys.js`): makes a
 * new generated signing key current and retires the previous one. Running replicas sign with the
 * new key within 30 s; the previous key stays in the JWKS for the access-token TTL plus 5 minutes.
 *
 * Reads DATABASE_URL, SIGNING_KEY_ENCRYPTION_KEY and NODE_ENV like the service. Exit codes: 0
 * rotated, 2 refused (a configured JWT_PRIVATE_KEY, or keys this environment cannot read), 1 error.
 */
import { openServiceDatabase } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { PrismaClient } from './generated/prisma/client';
import { parseEncryptionKey } from './key-encryption';
import { RETIRED_KEY_MARGIN_MS, RotationRefusedError, rotateSigningKey, signingKeyStore } from './signing-keys';
import { prismaDir } from './prisma-dir';

class Refused extends Error {}

/** Migration and pool messages: only problems, on stderr (stdout is the command's answer). */
const quiet = {
  level: 'warn',
  fatal: console.error,
  error: console.error,
  warn: console.error,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => quiet,
} as unknown as FastifyBaseLogger;

async function main(env: NodeJS.ProcessEnv): Promise<number> {
  if (env.JWT_PRIVATE_KEY) {
    throw new Refused(
      'JWT_PRIVATE_KEY is set: identity signs with that key. Rotate by changing JWT_PRIVATE_KEY (the previous key stays published for the overlap).',
    );
  }
  if (!env.DATABASE_URL) throw new Refused("DATABASE_URL must name identity's database.");
  if (env.NODE_ENV === 'production' && !env.SIGNING_KEY_ENCRYPTION_KEY) {
    throw new Refused('SIGNING_KEY_ENCRYPTION_KEY must be set in production: the new private key is stored encrypted.');
  }
  const encryptionKey = env.SIGNING_KEY_ENCRYPTION_KEY ? parseEncryptionKey(env.SIGNING_KEY_ENCRYPTION_KEY) : undefined;
  const { pool, adapter } = await openServiceDatabase({
    schema: 'identity',
    databaseUrl: env.DATABASE_URL,
    logger: quiet,
    poolSize: 2,
    prismaDir: prismaDir(),
  });
  const prisma = new PrismaClient({ adapter });
  try {
    const { kid, retired } = await rotateSigningKey(signingKeyStore(prisma), encryptionKey);
    console.log(
      `New current signing key ${kid}${encryptionKey ? ' (encrypted)' : ' (stored in plain text: no SIGNING_KEY_ENCRYPTION_KEY)'}.`,
    );
    if (retired.length > 0)
      console.log(
        `Retired ${retired.join(', ')}: published for the access-token TTL plus ${RETIRED_KEY_MARGIN_MS / 60_000} minutes from now.`,
      );
    return 0;
  } finally {
    await prisma.$disconnect();
    await pool.end();
  }
}

main(process.env).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`rotate-keys: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(err instanceof Refused || err instanceof RotationRefusedError ? 2 : 1);
  },
);
