import { EmptyState, IconUsers } from '@vere/web-ui';
import { PageHeader } from './page-header';

export function FriendsPage() {
  return (
    <div className="vui-page">
      <PageHeader back title="Friends" subtitle="Your people." />
      <EmptyState
        icon={<IconUsers size={32} />}
        title="Friends are coming soon"
        description="Friend requests, search and your friends list arrive with the friends feature."
      />
    </div>
  );
}
