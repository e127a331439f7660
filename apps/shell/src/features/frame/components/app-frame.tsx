import type { ReactNode } from 'react';
import { Link } from '@vere/web-router';
import { Button, IconCrown, IconLogOut, Logo, ThemeToggle, buttonClassName } from '@vere/web-ui';
import { NotificationBell } from './notification-bell';
import { NavList } from './nav-list';
import { OfflineBanner } from './offline-banner';
import { UserBlock } from './user-block';
import { useSignOut, useEntitlement } from '@vere/web-kit';

export const UPGRADE_PATH = '/vere-pro';

/**
 * Mobile: fixed top bar + bottom tab bar. Desktop (768 px and up): left sidebar.
 * Both are in the DOM and CSS shows one; hidden ones leave the accessibility tree.
 * `overlay` is drawn over the frame (the guided start's intro and tours).
 */
export function AppFrame({ children, overlay }: { children: ReactNode; overlay?: ReactNode }) {
  const { signOut, pending } = useSignOut('shell');
  // Upsell only someone billing says is on the free plan: not a Pro member, and no guess while it loads or fails.
  const { data: entitlement } = useEntitlement();
  const showUpsell = entitlement?.isActive === false;
  return (
    <div className="shell-frame">
      <a className="shell-skip" href="#main">
        Skip to content
      </a>

      <header className="shell-topbar">
        <Link to="/" className="shell-topbar__logo" aria-label="Vere home">
          <Logo size={34} withWordmark={false} />
        </Link>
        <UserBlock compact />
        {showUpsell ? (
          <Link
            to={UPGRADE_PATH}
            className={buttonClassName({ variant: 'pro', size: 'sm', className: 'shell-topbar__pro' })}
          >
            <IconCrown size={16} />
            Unlock Pro
          </Link>
        ) : null}
        <NotificationBell />
        <ThemeToggle className="shell-topbar__theme" />
      </header>

      <aside className="shell-sidebar">
        <Link to="/" className="shell-sidebar__logo" aria-label="Vere home">
          <Logo size={40} />
        </Link>
        <nav aria-label="Main" className="shell-sidebar__nav">
          <NavList variant="sidebar" />
        </nav>
        {showUpsell ? (
          <div className="shell-sidebar__promo" data-testid="go-pro">
            <p className="shell-sidebar__promo-title">
              <IconCrown size={18} /> Go Pro
            </p>
            <p className="shell-sidebar__promo-text">More swipes, unlimited pods, every playbook.</p>
            <Link to={UPGRADE_PATH} className={buttonClassName({ variant: 'pro', size: 'sm', block: true })}>
              Unlock Pro
            </Link>
          </div>
        ) : null}
        <div className="shell-sidebar__footer">
          <div className="shell-sidebar__user">
            <UserBlock />
            <NotificationBell />
            <ThemeToggle />
          </div>
          <Button
            variant="ghost"
            size="sm"
            block
            icon={<IconLogOut size={18} />}
            loading={pending}
            onClick={() => void signOut()}
          >
            Sign Out
          </Button>
        </div>
      </aside>

      <main id="main" className="shell-main" tabIndex={-1}>
        <OfflineBanner />
        {children}
      </main>

      <nav aria-label="Main" className="shell-tabbar">
        <NavList variant="tabbar" />
      </nav>
      {overlay}
    </div>
  );
}
