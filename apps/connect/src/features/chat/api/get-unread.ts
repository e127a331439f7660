import { useQuery } from '@vere/web-query';
import type { ChatUnread } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { chatKeys } from '../../../shared/utils/query-keys';
import { CHATS_API } from './get-chat';

export const unreadQueryOptions = () => getQueryOptions<ChatUnread>(chatKeys.unread, `${CHATS_API}/unread`);

/** Unread messages per friend and in total (badges on /connect and /friends). */
export const useUnread = () => useQuery(unreadQueryOptions());
