import { useParams } from 'react-router-dom';
import { EmptyState, IconUsers } from '@vere/web-ui';
import { PageHeader } from './page-header';

export function PodPage() {
  const { podId } = useParams();
  return (
    <div className="vui-page">
      <PageHeader back title="Pod" subtitle={`Pod ${podId ?? ''}`} />
      <EmptyState icon={<IconUsers size={32} />} title="Pod log is quiet" description="Members' weekly completions will show up here." />
    </div>
  );
}
