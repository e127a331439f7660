import type { ReactNode } from 'react';
import { Link } from '@vere/web-router';
import { Button, IconCrown, IconLogOut, IconSparkles, Logo, ThemeToggle, buttonClassName } from '@vere/web-ui';
import { FrameStreak } from './frame-streak';
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
        <FrameStreak className="shell-topbar__streak" />
        {showUpsell ? (
          <Link
            to={UPGRADE_PATH}
            className={buttonClassName({ variant: 'pro', size: 'sm', className: 'shell-topbar__pro' })}
          >
            <IconCrown size={16} />
            {/* Narrow phones show "Pro" (the streak needs the room); the name stays "Unlock Pro". */}
            <span className="shell-topbar__pro-verb">Unlock </span>Pro
          </Link>
        ) : null}
        <NotificationBell />
        <ThemeToggle className="shell-topbar__theme" />
      </header>

      <aside className="shell-sidebar">
        <div className="shell-sidebar__head">
          <Link to="/" className="shell-sidebar__logo" aria-label="Vere home">
            <Logo size={40} />
          </Link>
          <FrameStreak className="shell-sidebar__streak" />
        </div>
        <nav aria-label="Main" className="shell-sidebar__nav">
          <NavList variant="sidebar" />
          <Link to="/packs" className="shell-sidebar__packs" data-testid="packs-link">
            <IconSparkles size={18} /> Challenge Packs
          </Link>
        </nav>
        {showUpsell ? (
          <div className="shell-sidebar__promo" data-testid="go-pro">
            <h2 className="shell-sidebar__promo-title">
              <IconCrown size={18} /> Go Pro
            </h2>
            <p className="shell-sidebar__promo-text">More swipes, unlimited pods, every playbook.</p>
            <Link to={UPGRADE_PATH} className={buttonClassName({ variant: 'pro', size: 'sm', block: true })}>
              Unlock Pro
            </Link>
          </div>
        ) : null}
        {entitlement?.isActive ? (
          <Link to="/pro-hub" className="shell-sidebar__pro-hub" data-testid="pro-hub-link">
            <IconCrown size={18} /> Pro Hub
          </Link>
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
