import { Link, useLocation } from '@vere/web-router';
import { NAV_ITEMS, isNavActive } from '../utils/nav-items';
import { ConnectBadge } from './connect-badge';

export function NavList({ variant }: { variant: 'sidebar' | 'tabbar' }) {
  const { pathname } = useLocation();
  return (
    <ul className={`shell-nav shell-nav--${variant}`}>
      {NAV_ITEMS.map((item) => {
        const { label, to, icon: Icon } = item;
        const active = isNavActive(item, pathname);
        return (
          <li key={to}>
            <Link
              to={to}
              className="shell-nav__link"
              aria-current={active ? 'page' : undefined}
              data-tour={`nav-${label.toLowerCase()}`}
            >
              <span className="shell-nav__icon">
                <Icon size={variant === 'tabbar' ? 24 : 22} />
              </span>
              <span className="shell-nav__label">{label}</span>
              {to === '/connect' ? <ConnectBadge /> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
