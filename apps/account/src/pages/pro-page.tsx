import { Link, useLocation } from '@vere/web-router';
import { useEntitlement } from '@vere/web-kit';
import { Banner, Button, IconCheck, IconCrown, buttonClassName } from '@vere/web-ui';
import { useCheckout } from '../features/billing/hooks/use-checkout';

/** Spec's Pro perks, in its order. */
export const PRO_PERKS = [
  '10 daily swipes instead of 5',
  '3 daily skips instead of 1',
  'Unlimited pods',
  'Invite up to 99 people to your pods',
  'Ad-free',
  'All playbooks unlocked',
];

/**
 * `/pro` (landing, not guarded: links on to the upgrade) and `/vere-pro` (the upgrade route every
 * "Unlock Pro" button opens: its button starts checkout at once).
 */
export function ProPage({ upgrade = false }: { upgrade?: boolean }) {
  // Sent here by the Pro guard: say why, so the detour makes sense.
  const guarded = Boolean((useLocation().state as { from?: string } | null)?.from);
  const { data: entitlement } = useEntitlement();
  const checkout = useCheckout();
  const isPro = entitlement?.isActive === true;
  return (
    <div className="vui-page ac-pro">
      {guarded && !isPro ? (
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
        {isPro ? (
          <>
            <p className="ac-pro__member" data-testid="pro-member">
              You&apos;re a Pro Member.
            </p>
            <Link to="/subscription" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              Manage subscription
            </Link>
          </>
        ) : upgrade ? (
          <Button
            variant="pro"
            size="lg"
            loading={checkout.pending}
            disabled={!entitlement}
            onClick={() => void checkout.start()}
          >
            Upgrade to Pro
          </Button>
        ) : (
          <Link to="/vere-pro" className={buttonClassName({ variant: 'pro', size: 'lg' })}>
            Upgrade to Pro
          </Link>
        )}
        {upgrade && !isPro && checkout.ios ? (
          <Button variant="ghost" size="sm" disabled={checkout.pending} onClick={() => void checkout.restore()}>
            Restore Purchases
          </Button>
        ) : null}
        {checkout.error ? <Banner tone="error">{checkout.error}</Banner> : null}
        {checkout.notice ? <Banner tone="info">{checkout.notice}</Banner> : null}
        {upgrade && !isPro ? (
          <p className="ac-muted ac-pro__fine">Renews monthly. Cancel any time from Subscription.</p>
        ) : null}
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
