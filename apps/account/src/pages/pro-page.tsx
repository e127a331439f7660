import { Link, useLocation } from 'react-router-dom';
import { IconCheck, IconCrown, buttonClassName } from '@vere/web-ui';

/** Spec's Pro perks, in its order. */
export const PRO_PERKS = [
  '10 daily swipes instead of 5',
  '3 daily skips instead of 1',
  'Unlimited pods',
  'Invite up to 99 people to your pods',
  'Ad-free',
  'All playbooks unlocked',
];

export function ProPage() {
  // Sent here by the Pro guard: say why, so the detour makes sense.
  const guarded = Boolean((useLocation().state as { from?: string } | null)?.from);
  return (
    <div className="vui-page ac-pro">
      {guarded ? (
        <p className="ac-pro__notice" role="status" data-testid="pro-required">
          That page is part of Vere Pro. Upgrade to open it.
        </p>
      ) : null}
      <section className="ac-pro__hero" aria-labelledby="ac-pro-title">
        <span className="ac-pro__crown" aria-hidden="true">
          <IconCrown size={36} />
        </span>
        <p className="ac-pro__eyebrow">Go further</p>
        <h1 id="ac-pro-title" className="ac-pro__title">
          Vere Pro
        </h1>
        <p className="ac-pro__lead">Challenge your normal with more swipes, bigger pods and every playbook.</p>
        <p className="ac-pro__price" data-testid="pro-price">
          <strong>$0.99</strong> / month
        </p>
        <Link to="/payment" className={buttonClassName({ variant: 'pro', size: 'lg' })}>
          Upgrade to Pro
        </Link>
      </section>
      <section className="vui-section" aria-labelledby="ac-perks">
        <h2 id="ac-perks" className="vui-section__title">
          Everything in Pro
        </h2>
        <ul className="ac-perks">
          {PRO_PERKS.map((perk) => (
            <li key={perk}>
              <span className="ac-perks__tick" aria-hidden="true">
                <IconCheck size={16} />
              </span>
              {perk}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
