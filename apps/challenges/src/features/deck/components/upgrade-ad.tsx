import { Link } from '@vere/web-router';
import { FREE_LIMITS, PRO_LIMITS } from '@vere/domain';
import { Button, IconCrown, buttonClassName } from '@vere/web-ui';

/** Spec §2.2: the upgrade ad card, free users only, every 4th card; dismissed with "Skip Ad". */
export function UpgradeAd({ onSkip }: { onSkip(): void }) {
  return (
    <aside className="ch-card ch-card--top ch-card--ad" aria-labelledby="ch-ad-title" data-testid="upgrade-ad">
      <span className="ch-ad__icon" aria-hidden="true">
        <IconCrown size={30} />
      </span>
      <h2 id="ch-ad-title" className="ch-card__title">
        Go further with Vere Pro
      </h2>
      <ul className="ch-ad__perks">
        <li>
          {PRO_LIMITS.swipes} daily swipes (free {FREE_LIMITS.swipes})
        </li>
        <li>
          {PRO_LIMITS.skips} daily skips (free {FREE_LIMITS.skips})
        </li>
        <li>Unlimited pods, invite up to 99 people</li>
        <li>Ad-free, every playbook unlocked</li>
      </ul>
      <p className="ch-ad__price">$0.99 / month</p>
      <div className="ch-ad__actions">
        <Link to="/pro" className={buttonClassName({ variant: 'pro' })}>
          Upgrade to Pro
        </Link>
        <Button variant="ghost" onClick={onSkip} autoFocus>
          Skip Ad
        </Button>
      </div>
    </aside>
  );
}
