import { Link } from '@vere/web-router';
import { Button, IconRefresh, Logo, buttonClassName } from '@vere/web-ui';
import { useDocumentTitle } from '../shared/hooks/use-document-title';

/** Simple mode: no remotes, no session — somewhere to land when the app itself has trouble. */
export function FallbackPage() {
  useDocumentTitle('Simple mode');
  return (
    <main className="shell-standalone">
      <div className="shell-standalone__card">
        <Logo size={64} withWordmark={false} />
        <p className="vui-eyebrow">Simple mode</p>
        <h1>Welcome to Vere</h1>
        <p className="shell-standalone__text">
          Challenge Your Normal. If something wasn&apos;t loading, jump back in or reload.
        </p>
        <div className="shell-standalone__actions">
          <Link to="/" className={buttonClassName({ size: 'lg' })}>
            Go to the app
          </Link>
          <Link to="/test" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            Test page
          </Link>
          <Button
            variant="secondary"
            size="lg"
            icon={<IconRefresh size={18} />}
            onClick={() => window.location.assign('/')}
          >
            Reload Vere
          </Button>
        </div>
      </div>
    </main>
  );
}
