import { Link, useParams } from '@vere/web-router';
import { EmptyState, IconArrowLeft, IconBook } from '@vere/web-ui';

export function GuidePage({ complete = false }: { complete?: boolean }) {
  const { id } = useParams();
  return (
    <div className="vui-page">
      <Link to="/guides" className="vui-back-link">
        <IconArrowLeft size={18} /> Playbooks
      </Link>
      <header className="vui-page-header">
        <h1 className="vui-page-title">{complete ? 'Playbook complete' : 'Playbook'}</h1>
        <p className="vui-page-subtitle">Guide {id}</p>
      </header>
      <EmptyState
        icon={<IconBook size={32} />}
        title="Nothing to read yet"
        description="This playbook's weeks will appear here."
      />
    </div>
  );
}
