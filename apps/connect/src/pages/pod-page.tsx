import { useState } from 'react';
import { useQueryClient } from '@vere/web-query';
import type { PodDetail, PodLogEntry, PodMember } from '@vere/contracts';
import { myPodsQueryKey, usePodEvents } from '@vere/web-kit';
import { Link, useNavigate, useParams } from '@vere/web-router';
import { isApiError, publicOrigin, useSession } from '@vere/web-session';
import {
  Banner,
  Button,
  Dialog,
  EmptyState,
  IconCompass,
  IconFlame,
  IconTrash,
  IconUsers,
  Skeleton,
  TextField,
  buttonClassName,
  notify,
} from '@vere/web-ui';
import { useCreateInvite } from '../features/pods/api/create-invite';
import { useDeletePod } from '../features/pods/api/delete-pod';
import { usePod } from '../features/pods/api/get-pod';
import { usePodLogMore } from '../features/pods/api/get-pod-log';
import { useLeavePod } from '../features/pods/api/leave-pod';
import { useRemoveMember } from '../features/pods/api/remove-member';
import { useRenamePod } from '../features/pods/api/rename-pod';
import { useRevokeInvite } from '../features/pods/api/revoke-invite';
import { useRotateInvites } from '../features/pods/api/rotate-invites';
import { Comments, ProofPhoto, Reactions } from '../features/pods/components/log-entry-feed';
import { NudgeButton, NudgesForYou } from '../features/pods/components/nudge';
import { PodMeta } from '../features/pods/components/pod-meta';
import { PodPlaybooks } from '../features/pods/components/pod-playbooks';
import { POD_NAME_MAX, validatePodForm } from '../features/pods/validation';
import { ReportDialog } from '../features/social/components/report-dialog';
import { ConfirmDialog } from '../shared/components/confirm-dialog';
import { LoadError } from '../shared/components/load-error';
import { LevelChip, UserAvatar } from '../shared/components/user';
import { errorMessage } from '../shared/utils/error-message';
import { keys } from '../shared/utils/query-keys';
import { PageHeader } from './page-header';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The link to share: the public origin, also inside the iOS app (whose own origin is capacitor://localhost). */
export function inviteLink(code: string, origin = publicOrigin()): string {
  return `${origin}/join/${encodeURIComponent(code)}`;
}

/**
 * Live updates of an open pod page: a new log entry or a streak change re-reads the pod (the
 * streak is patched at once); a (re)opened stream re-reads it too, since nothing missed is
 * replayed; a stream the server refuses (no longer a member) re-reads it to show "Pod not found".
 * Answers the polite announcement of the last change.
 */
function usePodLive(podId: string, enabled: boolean): string {
  const client = useQueryClient();
  const me = useSession((s) => s.user?.id);
  const [announcement, setAnnouncement] = useState('');
  const refresh = () => {
    // keys.pod is a prefix of the pod's log and playbooks: they refresh with it.
    void client.invalidateQueries({ queryKey: keys.pod(podId) });
    void client.invalidateQueries({ queryKey: myPodsQueryKey });
  };
  usePodEvents(enabled ? { podId } : null, {
    onOpen: refresh,
    onStop: refresh,
    onLogAdded: (m) => {
      const author = client.getQueryData<PodDetail>(keys.pod(podId))?.members.find((x) => x.id === m.userId);
      if (author) setAnnouncement(`${author.name} shared a completion.`);
      refresh();
    },
    onFeedUpdated: (m) => {
      const pod = client.getQueryData<PodDetail>(keys.pod(podId));
      const who = pod?.members.find((x) => x.id === m.userId);
      if (who && m.userId !== me)
        setAnnouncement(m.change === 'comment' ? `${who.name} commented on a post.` : `${who.name} reacted to a post.`);
      refresh();
    },
    onNudged: (m) => {
      const who = client.getQueryData<PodDetail>(keys.pod(podId))?.members.find((x) => x.id === m.nudgerId);
      if (who && m.recipientId === me) setAnnouncement(`${who.name} nudged you.`);
      refresh();
    },
    onPlaybookUpdated: () => {
      void client.invalidateQueries({ queryKey: keys.podPlaybooks(podId) });
    },
    onStreakUpdated: (m) => {
      client.setQueryData<PodDetail>(
        keys.pod(podId),
        (old) => old && { ...old, currentStreak: m.currentStreak, saves: m.saves },
      );
      setAnnouncement(`The pod streak is now ${m.currentStreak} ${m.currentStreak === 1 ? 'week' : 'weeks'}.`);
      refresh();
    },
  });
  return announcement;
}

export function PodPage() {
  const { podId = '' } = useParams();
  const { data, isPending, isError, error, isFetching, refetch } = usePod(podId);
  const announcement = usePodLive(podId, data !== undefined && !isError);

  if (isPending) {
    return (
      <div className="vui-page" aria-busy="true">
        <PageHeader
          back
          title={<Skeleton width="200px" height="2rem" />}
          subtitle={<Skeleton width="160px" height="1rem" />}
        />
        <span className="vui-visually-hidden" role="status">
          Loading the pod
        </span>
      </div>
    );
  }
  if (isError) {
    const notFound = isApiError(error) && (error.status === 404 || error.code === 'VALIDATION_FAILED');
    if (notFound) {
      return (
        <div className="vui-page">
          <PageHeader back title="Pod" />
          <EmptyState
            headingLevel={2}
            icon={<IconCompass size={32} />}
            title="Pod not found"
            description="This pod doesn't exist or you're not a member of it."
            action={
              <Link to="/connect" className={buttonClassName()}>
                Back to Connect
              </Link>
            }
          />
        </div>
      );
    }
    return (
      <div className="vui-page">
        <PageHeader back title="Pod" />
        <LoadError title="Couldn't load this pod" retrying={isFetching} onRetry={() => void refetch()} />
      </div>
    );
  }
  return (
    <>
      <PodView pod={data} />
      <p className="vui-visually-hidden" role="status" aria-live="polite" data-testid="pod-live-status">
        {announcement}
      </p>
    </>
  );
}

type Confirm = { kind: 'delete' } | { kind: 'leave' } | { kind: 'remove'; member: PodMember } | null;

function PodView({ pod }: { pod: PodDetail }) {
  const navigate = useNavigate();
  const remove = useDeletePod(pod.id);
  const leave = useLeavePod(pod.id);
  const removeMember = useRemoveMember(pod.id);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [renaming, setRenaming] = useState(false);
  const [reporting, setReporting] = useState<PodLogEntry | null>(null);
  const me = useSession((s) => s.user?.id);

  const running = confirm?.kind === 'delete' ? remove : confirm?.kind === 'leave' ? leave : removeMember;
  const closeConfirm = () => {
    running.reset();
    setConfirm(null);
  };

  return (
    <div className="vui-page">
      <PageHeader back title={pod.name} subtitle={<PodMeta pod={pod} />} />
      {pod.description ? <p className="cn-pod-desc">{pod.description}</p> : null}
      <NudgesForYou pod={pod} me={me} />
      <div className="cn-grid">
        <div className="cn-column">
          <section className="vui-section" aria-labelledby="cn-streak">
            <div className="cn-streak" data-testid="pod-streak">
              <span className="cn-streak__icon" aria-hidden="true">
                <IconFlame size={28} />
              </span>
              <span>
                <span id="cn-streak" className="cn-streak__value">
                  {pod.currentStreak} {pod.currentStreak === 1 ? 'week' : 'weeks'}
                </span>
                <span className="cn-muted cn-small">
                  Pod streak: every member completes the weekly challenge to keep it going.
                </span>
              </span>
            </div>
          </section>
          <PodPlaybooks podId={pod.id} me={me} />
          <section className="vui-section" aria-labelledby="cn-members" data-testid="pod-members">
            <h2 id="cn-members" className="vui-section__title">
              Members{' '}
              <span className="cn-count">
                {pod.memberCount}/{pod.memberCap}
              </span>
            </h2>
            <ul className="cn-users" aria-label="Members">
              {pod.members.map((m) => (
                <li key={m.id} className="cn-user" data-testid="pod-member" data-hidden={m.hidden || undefined}>
                  <UserAvatar user={m} />
                  <span className="cn-user__body">
                    <span className="cn-user__name">{m.name}</span>
                    <span className="cn-user__meta">
                      {m.username ? <span className="cn-user__handle">@{m.username}</span> : null}
                      {m.hidden ? null : <LevelChip level={m.level} />}
                      {m.isCreator ? <span className="cn-chip cn-chip--ok">Creator</span> : null}
                      {m.completedThisWeek === undefined ? null : m.completedThisWeek ? (
                        <span className="cn-chip cn-chip--ok" data-testid="member-done">
                          ✓ Done this week
                        </span>
                      ) : (
                        <span className="cn-chip" data-testid="member-pending">
                          Not yet this week
                        </span>
                      )}
                      {m.completedThisWeek === false && !m.hidden && m.id !== me ? (
                        <NudgeButton podId={pod.id} member={m} />
                      ) : null}
                    </span>
                  </span>
                  {pod.isCreator && !m.isCreator ? (
                    <span className="cn-user__actions">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Remove ${m.name} from the pod`}
                        onClick={() => setConfirm({ kind: 'remove', member: m })}
                      >
                        Remove
                      </Button>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
          {pod.isCreator ? (
            <CreatorTools
              pod={pod}
              onRename={() => setRenaming(true)}
              onDelete={() => setConfirm({ kind: 'delete' })}
            />
          ) : null}
          {!pod.isCreator ? (
            <Button variant="secondary" onClick={() => setConfirm({ kind: 'leave' })}>
              Leave Pod
            </Button>
          ) : null}
        </div>
        <div className="cn-column">
          <PodLog pod={pod} onReport={setReporting} />
        </div>
      </div>

      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'delete'
            ? `Delete ${pod.name}?`
            : confirm?.kind === 'leave'
              ? `Leave ${pod.name}?`
              : `Remove ${confirm?.member.name ?? ''}?`
        }
        confirmLabel={
          confirm?.kind === 'delete' ? 'Delete Pod' : confirm?.kind === 'leave' ? 'Leave Pod' : 'Remove Member'
        }
        busy={running.isPending}
        error={running.error}
        onClose={closeConfirm}
        onConfirm={() => {
          if (!confirm) return;
          if (confirm.kind === 'remove') {
            const { member } = confirm;
            removeMember.mutate(member.id, {
              onSuccess: () => {
                notify.success(`${member.name} was removed.`);
                setConfirm(null);
              },
            });
            return;
          }
          const m = confirm.kind === 'delete' ? remove : leave;
          m.mutate(undefined, {
            onSuccess: () => {
              notify.success(confirm.kind === 'delete' ? `${pod.name} was deleted.` : `You left ${pod.name}.`);
              void navigate('/connect', { replace: true });
            },
          });
        }}
      >
        <p>
          {confirm?.kind === 'delete'
            ? 'Everyone leaves the pod, and its invite links and log are deleted. This cannot be undone.'
            : confirm?.kind === 'leave'
              ? "You'll need a new invite link to come back."
              : 'They can come back only with a new invite link.'}
        </p>
      </ConfirmDialog>
      <RenameDialog pod={pod} open={renaming} onClose={() => setRenaming(false)} />
      {reporting ? (
        <ReportDialog
          open
          kind="pod_log"
          targetId={reporting.id}
          subject={`${reporting.user.name}'s post`}
          onClose={() => setReporting(null)}
        />
      ) : null}
    </div>
  );
}

function CreatorTools({ pod, onRename, onDelete }: { pod: PodDetail; onRename: () => void; onDelete: () => void }) {
  const createInvite = useCreateInvite(pod.id);
  const rotateInvite = useRotateInvites(pod.id);
  const revokeInvite = useRevokeInvite(pod.id);
  const onError = (e: unknown) => notify.error(errorMessage(e));
  const copy = async (code: string) => {
    const link = inviteLink(code);
    try {
      await navigator.clipboard.writeText(link);
      notify.success('Invite link copied.');
    } catch {
      notify.info(`Copy this link: ${link}`);
    }
  };
  return (
    <section className="vui-section" aria-labelledby="cn-invites" data-testid="creator-tools">
      <h2 id="cn-invites" className="vui-section__title">
        Invite friends
      </h2>
      {pod.invites.length === 0 ? (
        <p className="cn-muted">No active invite links. Create one to invite people.</p>
      ) : null}
      <ul className="cn-invites" aria-label="Invite links">
        {pod.invites.map((inv) => (
          <li key={inv.code} className="cn-invite-row">
            <input
              className="vui-field__input cn-invite-row__link"
              readOnly
              value={inviteLink(inv.code)}
              aria-label="Invite link"
              onFocus={(e) => e.currentTarget.select()}
            />
            <span className="cn-muted cn-small">
              {inv.expiresAt ? `Expires ${timeFormat.format(new Date(inv.expiresAt))}` : 'Never expires'}
            </span>
            <span className="cn-invite-row__actions">
              <Button size="sm" onClick={() => void copy(inv.code)}>
                Copy Invite Link
              </Button>
              <Button
                size="sm"
                variant="ghost"
                loading={revokeInvite.isPending && revokeInvite.variables === inv.code}
                onClick={() =>
                  revokeInvite.mutate(inv.code, { onSuccess: () => notify.success('Invite link revoked.'), onError })
                }
              >
                Revoke
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <div className="cn-actions">
        <Button
          size="sm"
          variant="secondary"
          loading={createInvite.isPending}
          onClick={() => createInvite.mutate(undefined, { onError })}
        >
          New Link
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={createInvite.isPending}
          onClick={() => createInvite.mutate(24 * 7, { onError })}
        >
          New 7-Day Link
        </Button>
        {pod.invites.length > 0 ? (
          <Button
            size="sm"
            variant="secondary"
            loading={rotateInvite.isPending}
            onClick={() =>
              rotateInvite.mutate(undefined, {
                onSuccess: () => notify.success('Old links revoked; here is a new one.'),
                onError,
              })
            }
          >
            Replace All Links
          </Button>
        ) : null}
      </div>
      <h3 className="cn-subhead">Manage pod</h3>
      <div className="cn-actions">
        <Button size="sm" variant="secondary" onClick={onRename}>
          Rename
        </Button>
        <Button size="sm" variant="secondary" icon={<IconTrash size={16} />} onClick={onDelete}>
          Delete Pod
        </Button>
      </div>
    </section>
  );
}

function RenameDialog({ pod, open, onClose }: { pod: PodDetail; open: boolean; onClose: () => void }) {
  const rename = useRenamePod(pod.id);
  const [name, setName] = useState(pod.name);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const found = validatePodForm(name, '');
    if (found.name) return setError(found.name);
    rename.mutate(
      { name: name.trim() },
      {
        onSuccess: () => {
          notify.success('Pod renamed.');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      title="Rename pod"
      onClose={() => !rename.isPending && onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button loading={rename.isPending} onClick={save}>
            Save
          </Button>
        </>
      }
    >
      <form
        className="cn-dialog-body"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <TextField
          label="Pod name"
          value={name}
          maxLength={POD_NAME_MAX + 10}
          error={error}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
        {rename.isError ? <Banner>{errorMessage(rename.error)}</Banner> : null}
      </form>
    </Dialog>
  );
}

function PodLog({ pod, onReport }: { pod: PodDetail; onReport: (e: PodLogEntry) => void }) {
  const me = useSession((s) => s.user?.id);
  const more = usePodLogMore(pod.id, pod.log.nextCursor);
  const older = more.data?.pages.flatMap((p) => p.entries) ?? [];
  const entries = [...pod.log.entries, ...older];
  const hasMore = more.data ? more.hasNextPage : pod.log.nextCursor !== null;
  return (
    <section className="vui-section" aria-labelledby="cn-log" data-testid="pod-log">
      <h2 id="cn-log" className="vui-section__title">
        Pod log
      </h2>
      {entries.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={32} />}
          title="No posts yet"
          description="When members complete the weekly challenge, it shows up here."
        />
      ) : (
        <ol className="cn-log" aria-label="Pod log, newest first">
          {entries.map((e) => (
            <li key={e.id} className="cn-log__entry">
              <UserAvatar user={e.user} />
              <div className="cn-log__body">
                <p className="cn-log__head">
                  <span className="cn-user__name">{e.user.name}</span>
                  <time className="cn-muted cn-small" dateTime={e.createdAt}>
                    {dateFormat.format(new Date(e.createdAt))}
                  </time>
                </p>
                <p>{e.message}</p>
                {e.proofText ? <blockquote className="cn-log__proof">{e.proofText}</blockquote> : null}
                {e.proofPhotoUrl ? <ProofPhoto url={e.proofPhotoUrl} author={e.user.name} /> : null}
                <Reactions podId={pod.id} entry={e} />
                <Comments podId={pod.id} entry={e} me={me} />
                {e.user.id !== me ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Report ${e.user.name}'s post`}
                    onClick={() => onReport(e)}
                  >
                    Report
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      {more.isError ? <Banner>{errorMessage(more.error)}</Banner> : null}
      {hasMore ? (
        <Button
          variant="secondary"
          size="sm"
          loading={more.isFetching}
          onClick={() => void (more.data ? more.fetchNextPage() : more.refetch())}
        >
          Load More
        </Button>
      ) : null}
    </section>
  );
}
