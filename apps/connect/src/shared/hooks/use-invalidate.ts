import { useQueryClient } from '@vere/web-query';

/** Marks the given queries stale (and re-reads the ones on screen); resolves when they are read again. */
export function useInvalidate() {
  const client = useQueryClient();
  return (...queryKeys: ReadonlyArray<readonly unknown[]>) =>
    Promise.all(queryKeys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
