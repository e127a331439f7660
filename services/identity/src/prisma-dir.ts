import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * This service's prisma/ folder (schema and migrations), found through its package.json rather
 * than relative to this module: the same from src/*.ts, from dist/main.js, and from a bundle that
 * inlines the service elsewhere (the launcher's infra/local/dist, decision 0029).
 */
export function prismaDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@vere/identity-service/package.json')), 'prisma');
}
