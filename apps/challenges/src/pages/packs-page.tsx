import { EmptyState, IconSparkles } from '@vere/web-ui';

export function PacksPage() {
  return (
    <div className="vui-page">
      <header className="vui-page-header">
        <h1 className="vui-page-title">Challenge Packs</h1>
        <p className="vui-page-subtitle">Themed collections of quick dares.</p>
      </header>
      <EmptyState
        icon={<IconSparkles size={32} />}
        title="Packs are on the way"
        description="Fresh themed packs are being put together."
      />
    </div>
  );
}
