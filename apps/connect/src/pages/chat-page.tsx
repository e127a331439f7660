import { EmptyState, IconMessage } from '@vere/web-ui';
import { PageHeader } from './page-header';

export function ChatPage() {
  return (
    <div className="vui-page">
      <PageHeader back title="Chat" />
      <EmptyState icon={<IconMessage size={32} />} title="Chat is coming soon" description="Messages with your friends will appear here once chat goes live." />
    </div>
  );
}
