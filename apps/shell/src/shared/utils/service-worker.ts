/** public/sw.js: a reload offline shows Vere's offline page (network first for pages; never /api). */
export const SERVICE_WORKER_URL = '/sw.js';

export interface ServiceWorkerOptions {
  container: Pick<ServiceWorkerContainer, 'register'> | null;
  /** Inside the iOS wrapper: no service worker (spec §4; start-up removes any a web visit left). */
  native: boolean;
}

/**
 * Registers the service worker on the web. Called after the first screen has settled, so neither
 * its download nor its start competes with the first paint. Resolves whether it was registered.
 */
export async function registerServiceWorker({ container, native }: ServiceWorkerOptions): Promise<boolean> {
  if (native || !container) return false;
  try {
    await container.register(SERVICE_WORKER_URL, { scope: '/' });
    return true;
  } catch (error) {
    console.warn('[shell] service worker not registered', error);
    return false;
  }
}
