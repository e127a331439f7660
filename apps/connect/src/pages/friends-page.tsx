import { EmptyState, IconUsers } from '@vere/web-ui';
import { PageHeader } from './page-header';

export function FriendsPage() {
  return (
    <div className="vui-page">
      <PageHeader back title="Friends" subtitle="Your people." />
      <EmptyState icon={<IconUsers size={32} />} title="No friends yet" description="Friend requests and search are coming soon." />
    </div>
  );
}
