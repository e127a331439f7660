import { useQuery } from '@vere/web-query';
import type { BlockList } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

export const blocksQueryOptions = () => getQueryOptions<BlockList>(keys.blocks, '/api/pods/blocks');

export const useBlocks = () => useQuery(blocksQueryOptions());
