import { EmptyState, IconPlus } from '@vere/web-ui';
import { PageHeader } from './page-header';

export function CreatePodPage() {
  return (
    <div className="vui-page">
      <PageHeader back title="Create a Pod" subtitle="Name your crew and invite friends." />
      <EmptyState icon={<IconPlus size={32} />} title="Pod creation is almost here" description="Soon you'll name a pod and share an invite link." />
    </div>
  );
}
