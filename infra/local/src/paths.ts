import { fileURLToPath } from 'node:url';

/**
 * The repository's root (with a trailing slash). In a module of its own so the CLIs (admin,
 * billing, events) do not load the launcher's configuration, which pulls in the quests service.
 */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
