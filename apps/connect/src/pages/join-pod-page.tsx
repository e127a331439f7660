import { Link, useNavigate, useParams } from '@vere/web-router';
import { isApiError, isInvalidLink } from '@vere/web-session';
import {
  Banner,
  Button,
  Card,
  EmptyState,
  IconClock,
  IconCompass,
  IconUsers,
  Skeleton,
  buttonClassName,
  notify,
} from '@vere/web-ui';
import { useInvitePreview } from '../features/pods/api/get-invite-preview';
import { useJoinPod } from '../features/pods/api/join-pod';
import { LoadError } from '../shared/components/load-error';
import { LevelChip, UserAvatar } from '../shared/components/user';
import { errorMessage } from '../shared/utils/error-message';
import { PageHeader } from './page-header';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function BackToConnect() {
  return (
    <Link to="/connect" className={buttonClassName()}>
      Back to Connect
    </Link>
  );
}

export function JoinPodPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const preview = useInvitePreview(code);
  const join = useJoinPod(code);

  if (preview.isPending) {
    return (
      <div className="vui-page" aria-busy="true">
        <PageHeader back title="Join a Pod" />
        <span className="vui-visually-hidden" role="status">
          Loading the invite
        </span>
        <Skeleton width="100%" height="180px" radius="20px" />
      </div>
    );
  }

  if (preview.isError) {
    const status = isApiError(preview.error) ? preview.error.status : 0;
    // A dead or mistyped code is the link's fault, not the connection's: say so, offer no retry.
    if (status === 410 || isInvalidLink(preview.error)) {
      const [icon, title, description] =
        status === 410
          ? [<IconClock size={32} />, 'This invite has expired', 'Ask the pod creator for a fresh invite link.']
          : status === 404
            ? [
                <IconCompass size={32} />,
                'Invite not found',
                "This link doesn't work: it may have been revoked or mistyped. Ask the pod creator for a new one.",
              ]
            : [
                <IconCompass size={32} />,
                "This link isn't valid",
                "It isn't an invite link Vere makes: check you copied all of it, or ask the pod creator for a new one.",
              ];
      return (
        <div className="vui-page">
          <PageHeader back title="Join a Pod" />
          <EmptyState headingLevel={2} icon={icon} title={title} description={description} action={<BackToConnect />} />
        </div>
      );
    }
    return (
      <div className="vui-page">
        <PageHeader back title="Join a Pod" />
        <LoadError
          title="Couldn't load this invite"
          retrying={preview.isFetching}
          onRetry={() => void preview.refetch()}
        />
      </div>
    );
  }

  const pod = preview.data;
  if (pod.isMember && !join.isPending && !join.isSuccess) {
    return (
      <div className="vui-page">
        <PageHeader back title="Join a Pod" />
        <EmptyState
          headingLevel={2}
          icon={<IconUsers size={32} />}
          title={`You're already in ${pod.name}`}
          action={
            <Link to={`/pods/${encodeURIComponent(pod.podId)}`} className={buttonClassName()}>
              Go to Pod
            </Link>
          }
        />
      </div>
    );
  }
  const full = pod.memberCount >= pod.memberCap || (isApiError(join.error) && join.error.code === 'POD_FULL');
  const goneNow = isApiError(join.error) && (join.error.status === 404 || join.error.status === 410);

  return (
    <div className="vui-page">
      <PageHeader back title="Join a Pod" subtitle="You've been invited to a pod." />
      <div className="cn-narrow">
        <Card>
          <div className="cn-invite" data-testid="invite-preview">
            <h2 className="cn-invite__name">{pod.name}</h2>
            {pod.description ? <p className="cn-invite__desc">{pod.description}</p> : null}
            <div className="cn-invite__creator">
              <UserAvatar user={pod.creator} size="md" />
              <span>
                <span className="cn-muted cn-small">Created by</span>
                <span className="cn-user__name">{pod.creator.name}</span>
                <LevelChip level={pod.creator.level} />
              </span>
            </div>
            <p className="cn-pod__meta">
              <span className="cn-chip">
                <IconUsers size={14} />
                {pod.memberCount}/{pod.memberCap} members
              </span>
              <span className="cn-chip">
                <IconClock size={14} />
                {pod.expiresAt ? `Link expires ${dateFormat.format(new Date(pod.expiresAt))}` : 'Link never expires'}
              </span>
            </p>
            {full ? (
              <Banner>
                This pod is full ({pod.memberCap} members). Ask the creator to make room, or create your own pod.
              </Banner>
            ) : goneNow ? (
              <Banner>{errorMessage(join.error)}</Banner>
            ) : join.isError ? (
              <Banner>{errorMessage(join.error)}</Banner>
            ) : null}
            <Button
              block
              size="lg"
              disabled={full || goneNow}
              loading={join.isPending}
              onClick={() =>
                join.mutate(undefined, {
                  onSuccess: (r) => {
                    notify.success(r.joined ? `You joined ${pod.name}!` : `You're already in ${pod.name}.`);
                    void navigate(`/pods/${encodeURIComponent(r.podId)}`, { replace: true });
                  },
                })
              }
            >
              Join {pod.name}
            </Button>
          </div>
        </Card>
      </div>
    </div>
  );
}
