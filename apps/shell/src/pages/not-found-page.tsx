import { Link } from '@vere/web-router';
import { IconCompass, Logo, buttonClassName } from '@vere/web-ui';
import { useDocumentTitle } from '../shared/hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="shell-standalone">
      <Link to="/" className="shell-standalone__logo" aria-label="Vere home">
        <Logo size={40} />
      </Link>
      <div className="shell-standalone__card">
        <div className="shell-standalone__icon" aria-hidden="true">
          <IconCompass size={36} />
        </div>
        <p className="vui-eyebrow">404</p>
        <h1>Page not found</h1>
        <p className="shell-standalone__text">This path went off script. Let&apos;s get you back to your challenges.</p>
        <Link to="/" className={buttonClassName({ size: 'lg' })}>
          Back to Challenges
        </Link>
      </div>
    </main>
  );
}
