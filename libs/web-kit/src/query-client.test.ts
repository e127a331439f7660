import { describe, expect, it } from 'vitest';
import { createAppQueryClient } from './query-client';

describe('createAppQueryClient', () => {
  it('pauses reads offline and reads again on reconnect, but sends actions at once', () => {
    const defaults = createAppQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ networkMode: 'online', refetchOnReconnect: true, staleTime: 30_000 });
    expect(defaults.mutations).toMatchObject({ networkMode: 'always' });
  });

  it('an offline action fails with its error instead of waiting for the connection', async () => {
    const client = createAppQueryClient();
    const failure = new Error('no answer');
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(failure),
    });
    await expect(mutation.execute(undefined)).rejects.toBe(failure);
  });
});
