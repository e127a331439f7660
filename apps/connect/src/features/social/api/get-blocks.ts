import { useQuery } from '@vere/web-query';
import type { BlockList } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

export function getBlocks(signal?: AbortSignal): Promise<BlockList> {
  return apiFetch<BlockList>('/api/pods/blocks', { signal });
}

export function blocksQueryOptions() {
  return {
    queryKey: keys.blocks,
    queryFn: ({ signal }: { signal: AbortSignal }) => getBlocks(signal),
    ...queryRetry(),
  };
}

export function useBlocks() {
  return useQuery(blocksQueryOptions());
}
