import { useQuery } from '@vere/web-query';
import type { InvitePreview } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

/** The pod an invite code leads to, before joining (410 expired, 404 unknown). */
export const invitePreviewQueryOptions = (code: string) =>
  getQueryOptions<InvitePreview>(keys.invite(code), `/api/pods/invites/${encodeURIComponent(code)}`);

export const useInvitePreview = (code: string) => useQuery(invitePreviewQueryOptions(code));
