import { createApiClient } from './api-client';
import { createSessionStore } from './session-store';

/**
 * The one session of the page. This package is a Module Federation singleton, so the shell and
 * every remote see this very instance (and share its single in-flight refresh).
 */
export const sessionStore = createSessionStore();
export const apiFetch = createApiClient(sessionStore);
