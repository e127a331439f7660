import type { PodDetail, PodReactions } from '@vere/contracts';
import type { PodReaction } from '@vere/domain';
import { useMutation, useQueryClient } from '@vere/web-query';
import { apiFetch } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';
import { podPath } from './get-pod';

/** PUT (give) or DELETE (take back) a reaction; answers the entry's reactions after it. */
export function setReaction(podId: string, entryId: string, kind: PodReaction, on: boolean): Promise<PodReactions> {
  return apiFetch<PodReactions>(
    `${podPath(podId)}/log/${encodeURIComponent(entryId)}/reactions/${encodeURIComponent(kind)}`,
    { method: on ? 'PUT' : 'DELETE' },
  );
}

/** Toggles a reaction; the answer patches the cached pod page at once (the live event re-reads it too). */
export function useSetReaction(podId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { entryId: string; kind: PodReaction; on: boolean }) => setReaction(podId, v.entryId, v.kind, v.on),
    onSuccess: (answer) => {
      client.setQueryData<PodDetail>(
        keys.pod(podId),
        (old) =>
          old && {
            ...old,
            log: {
              ...old.log,
              entries: old.log.entries.map((e) =>
                e.id === answer.entryId ? { ...e, reactions: answer.reactions } : e,
              ),
            },
          },
      );
    },
  });
}
