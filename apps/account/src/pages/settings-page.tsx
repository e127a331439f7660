import { Link } from '@vere/web-router';
import { useSession } from '@vere/web-session';
import {
  Avatar,
  Button,
  Card,
  IconArrowRight,
  IconCompass,
  IconCalendar,
  IconCrown,
  IconLogOut,
  IconMoon,
  IconSun,
  buttonClassName,
  useTheme,
} from '@vere/web-ui';
import type { Theme } from '@vere/web-ui';
import { useIsAdmin } from '../features/admin/utils/admin-role';
import { PlanStatus } from '../features/billing/components/plan-status';
import { NotificationSettings } from '../features/notifications/components/notification-settings';
import { TimeZoneSetting } from '../features/profile/components/time-zone-setting';
import { YourData } from '../features/your-data/components/your-data';
import { requestTour, useSignOut, useEntitlement } from '@vere/web-kit';

const THEMES: Array<{ value: Theme; label: string; icon: typeof IconMoon }> = [
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'light', label: 'Light', icon: IconSun },
];

export function SettingsPage() {
  const user = useSession((s) => s.user);
  const [theme, setTheme] = useTheme();
  const { signOut, pending } = useSignOut('account');
  const { data: entitlement } = useEntitlement();
  const name = user?.name ?? 'User';
  const isAdmin = useIsAdmin();

  return (
    <div className="vui-page ac-settings">
      <header className="vui-page-header">
        <h1 className="vui-page-title">Settings</h1>
        <p className="vui-page-subtitle">Your account, your look.</p>
      </header>

      <Card className="ac-profile-card">
        <h2 className="vui-visually-hidden">Account</h2>
        <Avatar name={name} seed={user?.id} size="md" config={user?.avatarConfig} photoUrl={user?.photoUrl} />
        <div className="ac-profile-card__text">
          {/* Plain lines, not paragraphs: the name is a label, not a heading (axe p-as-heading). */}
          <div className="ac-profile-card__name" data-testid="settings-name">
            {name}
          </div>
          <div className="ac-profile-card__email" data-testid="settings-email">
            {user?.email}
          </div>
          <PlanStatus testId="settings-plan" />
        </div>
        <Link to="/profile" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          Edit Profile
        </Link>
      </Card>

      {/* Only someone billing says is on the free plan is asked to upgrade. */}
      {entitlement?.isActive === false ? (
        <Card className="ac-pro-card" tone="raised">
          <div>
            <h2 className="ac-pro-card__title">
              <IconCrown size={20} /> Unlock Vere Pro
            </h2>
            <p className="ac-muted">More swipes, unlimited pods and every playbook for $0.99 / month.</p>
          </div>
          <Link to="/vere-pro" className={buttonClassName({ variant: 'pro' })}>
            Unlock Pro
          </Link>
        </Card>
      ) : null}

      {/* A Pro member finds their subscription here, as in other apps' settings (issue 22). */}
      {entitlement?.isActive ? (
        <section className="vui-section" aria-labelledby="ac-pro">
          <h2 id="ac-pro" className="vui-section__title">
            Vere Pro
          </h2>
          <Card className="ac-pro-links">
            <Link to="/subscription" className="ac-pro-links__item" data-testid="manage-subscription">
              <IconCalendar size={20} />
              <span className="ac-pro-links__text">
                <span className="ac-pro-links__title">Manage subscription</span>
                <span className="ac-muted">Renewal date, payment and cancellation</span>
              </span>
              <IconArrowRight size={18} />
            </Link>
            <Link to="/pro-hub" className="ac-pro-links__item" data-testid="pro-hub-link">
              <IconCrown size={20} />
              <span className="ac-pro-links__text">
                <span className="ac-pro-links__title">Pro Hub</span>
                <span className="ac-muted">Your Pro playbooks, assessments and packs</span>
              </span>
              <IconArrowRight size={18} />
            </Link>
          </Card>
        </section>
      ) : null}

      <section className="vui-section" aria-labelledby="ac-appearance">
        <h2 id="ac-appearance" className="vui-section__title">
          Appearance
        </h2>
        <Card>
          <fieldset className="ac-theme">
            <legend className="ac-theme__legend">Theme</legend>
            <div className="ac-theme__options">
              {THEMES.map(({ value, label, icon: Icon }) => (
                <label key={value} className="ac-theme__option">
                  <input
                    type="radio"
                    name="theme"
                    value={value}
                    checked={theme === value}
                    onChange={() => setTheme(value)}
                  />
                  <span className="ac-theme__face">
                    <Icon size={20} />
                    {label}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </Card>
      </section>

      <TimeZoneSetting />

      <NotificationSettings />

      <section className="vui-section" aria-labelledby="ac-tour">
        <h2 id="ac-tour" className="vui-section__title">
          Guided tour
        </h2>
        <Card className="ac-signout">
          <p className="ac-muted">See how challenges, levels and pods work, step by step.</p>
          <Button variant="secondary" icon={<IconCompass size={18} />} onClick={() => requestTour('home')}>
            Take the tour
          </Button>
        </Card>
      </section>

      <YourData />

      {isAdmin ? (
        <section className="vui-section" aria-labelledby="ac-admin">
          <h2 id="ac-admin" className="vui-section__title">
            Admin
          </h2>
          <Card className="ac-signout">
            <p className="ac-muted">Manage the weekly challenge catalogue and its rotation.</p>
            <Link to="/settings/admin" className={buttonClassName({ variant: 'secondary' })}>
              Weekly challenges admin
            </Link>
          </Card>
        </section>
      ) : null}

      <section className="vui-section" aria-labelledby="ac-session">
        <h2 id="ac-session" className="vui-section__title">
          Session
        </h2>
        <Card className="ac-signout">
          <p className="ac-muted">Signed in as {user?.email}</p>
          <Button variant="danger" icon={<IconLogOut size={18} />} loading={pending} onClick={() => void signOut()}>
            Sign Out
          </Button>
        </Card>
      </section>
    </div>
  );
}
