import { describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_URL, registerServiceWorker } from './service-worker';

describe('registerServiceWorker', () => {
  it('registers sw.js for the whole site on the web', async () => {
    const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
    await expect(registerServiceWorker({ container: { register }, native: false })).resolves.toBe(true);
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('never registers inside the iOS wrapper, or where there are no service workers', async () => {
    const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
    await expect(registerServiceWorker({ container: { register }, native: true })).resolves.toBe(false);
    await expect(registerServiceWorker({ container: null, native: false })).resolves.toBe(false);
    expect(register).not.toHaveBeenCalled();
  });

  it('a refused registration is not an error of the app', async () => {
    const register = vi.fn(async () => Promise.reject(new Error('SecurityError')));
    await expect(registerServiceWorker({ container: { register }, native: false })).resolves.toBe(false);
  });
});
