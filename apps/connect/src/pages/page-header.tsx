import type { ReactNode } from 'react';
import { Link } from '@vere/web-router';
import { IconArrowLeft } from '@vere/web-ui';

export function PageHeader({ title, subtitle, back }: { title: ReactNode; subtitle?: ReactNode; back?: boolean }) {
  return (
    <>
      {back ? (
        <Link to="/connect" className="vui-back-link">
          <IconArrowLeft size={18} /> Connect
        </Link>
      ) : null}
      <header className="vui-page-header">
        <h1 className="vui-page-title">{title}</h1>
        {subtitle ? <p className="vui-page-subtitle">{subtitle}</p> : null}
      </header>
    </>
  );
}
