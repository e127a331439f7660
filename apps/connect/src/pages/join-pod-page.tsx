import { useParams } from '@vere/web-router';
import { Card } from '@vere/web-ui';
import { PageHeader } from './page-header';

export function JoinPodPage() {
  const { code = '' } = useParams();
  return (
    <div className="vui-page">
      <PageHeader back title={`Join pod ${code}`} subtitle="You've been invited to a pod." />
      <Card>
        <p className="cn-muted">
          Invite code <strong className="cn-code">{code}</strong>. Joining pods opens up once pods go live.
        </p>
      </Card>
    </div>
  );
}
