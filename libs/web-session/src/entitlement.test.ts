import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import type { Entitlement } from './entitlement';
import { ENTITLEMENT_PATH, entitlementQueryKey, entitlementQueryOptions, planLabel } from './entitlement';
import { sessionStore } from './session';
import { apiError, json, stubFetch } from './test-helpers';

const GET = `GET ${ENTITLEMENT_PATH}`;
const free: Entitlement = {
  isActive: false,
  productId: null,
  expirationDate: null,
  willRenew: false,
  source: 'unknown',
};
const pro: Entitlement = {
  isActive: true,
  productId: 'price_pro',
  expirationDate: '2030-01-01T00:00:00.000Z',
  willRenew: true,
  source: 'stripe',
};

describe('entitlement query', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.setState({ status: 'signed-out', user: null, accessToken: null });
  });

  it('reads billing with the shared session bearer', async () => {
    sessionStore.setState({ status: 'signed-in', accessToken: 'shared' });
    const { calls } = stubFetch({ [GET]: json(200, pro) });
    const { queryFn } = entitlementQueryOptions('u1');
    await expect(queryFn({ signal: new AbortController().signal })).resolves.toEqual(pro);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer shared');
  });

  it('is keyed per user and waits for one', () => {
    expect(entitlementQueryOptions('u1').queryKey).toEqual(entitlementQueryKey('u1'));
    expect(entitlementQueryKey('u1')).not.toEqual(entitlementQueryKey('u2'));
    expect(entitlementQueryOptions('u1').enabled).toBe(true);
    expect(entitlementQueryOptions(null).enabled).toBe(false);
  });

  it('keeps the status for 2 minutes and reads it again on focus (spec §9)', () => {
    expect(entitlementQueryOptions('u1')).toMatchObject({ staleTime: 120_000, refetchOnWindowFocus: true });
  });

  it('surfaces a failed read as an ApiError instead of a default', async () => {
    sessionStore.setState({ status: 'signed-in', accessToken: 'shared' });
    stubFetch({ [GET]: apiError(503, 'NOT_READY') });
    const { queryFn } = entitlementQueryOptions('u1');
    await expect(queryFn({ signal: new AbortController().signal })).rejects.toMatchObject({
      code: 'NOT_READY',
      status: 503,
    });
  });

  it('retries outages, not client errors', () => {
    const { retry } = entitlementQueryOptions('u1');
    expect(retry(0, new ApiError('NETWORK_ERROR', 'down', 0))).toBe(true);
    expect(retry(2, new ApiError('HTTP_503', 'down', 503))).toBe(false);
    expect(retry(0, new ApiError('FORBIDDEN', 'no', 403))).toBe(false);
  });

  it('labels the plan', () => {
    expect(planLabel(pro)).toBe('Pro Member');
    expect(planLabel(free)).toBe('Free User');
  });
});
