import { EmptyState, IconMessage } from '@vere/web-ui';
import { PageHeader } from './page-header';

export function ChatPage() {
  return (
    <div className="vui-page">
      <PageHeader back title="Chat" />
      <EmptyState icon={<IconMessage size={32} />} title="Say hi" description="Messages with your friend will appear here." />
    </div>
  );
}
