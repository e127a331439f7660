import { useEffect, useRef, useState } from 'react';
import { useEntitlement } from '@vere/web-kit';
import { Link } from '@vere/web-router';
import { announceEntitlementChange } from '@vere/web-session';
import { Button, Card, IconCrown, Spinner, buttonClassName } from '@vere/web-ui';

/** How often, and how long, the page asks billing whether the payment has been confirmed. */
export const CONFIRM_POLL_MS = 2_000;
export const CONFIRM_GIVE_UP_MS = 60_000;

/**
 * `/subscription-success`: where checkout returns. The redirect proves nothing (anyone can open this
 * address): the page asks billing until the entitlement, set only by the verified webhook, is active.
 */
export function SubscriptionSuccessPage() {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const { data, refetch } = useEntitlement();
  const active = data?.isActive === true;
  const announced = useRef(false);

  useEffect(() => {
    if (active || gaveUp) return undefined;
    const timer = setInterval(() => {
      if (Date.now() - startedAt > CONFIRM_GIVE_UP_MS) setGaveUp(true);
      else void refetch();
    }, CONFIRM_POLL_MS);
    return () => clearInterval(timer);
  }, [active, gaveUp, refetch, startedAt]);

  useEffect(() => {
    // The frame (another app's cache) learns at once; no 2-minute wait for "Pro Member".
    if (active && !announced.current) {
      announced.current = true;
      announceEntitlementChange();
    }
  }, [active]);

  return (
    <div className="vui-page">
      <Card
        className="ac-success"
        data-testid="subscription-success"
        data-state={active ? 'confirmed' : gaveUp ? 'pending' : 'checking'}
      >
        {active ? (
          <>
            <span className="ac-pro__crown" aria-hidden="true">
              <IconCrown size={32} />
            </span>
            <h1 className="vui-page-title">Welcome to Vere Pro!</h1>
            <p className="ac-muted" role="status">
              Your payment is confirmed. Enjoy more swipes, unlimited pods and every playbook.
            </p>
            <Link to="/" className={buttonClassName({ variant: 'pro' })}>
              Start exploring
            </Link>
          </>
        ) : gaveUp ? (
          <>
            <h1 className="vui-page-title">Still confirming</h1>
            <p className="ac-muted" role="status">
              Your payment hasn&apos;t been confirmed yet. It can take a minute; your plan updates as soon as it is.
            </p>
            <Button
              variant="secondary"
              onClick={() => {
                setGaveUp(false);
                setStartedAt(Date.now());
                void refetch();
              }}
            >
              Check again
            </Button>
          </>
        ) : (
          <>
            <Spinner />
            <h1 className="vui-page-title">Confirming your payment...</h1>
            <p className="ac-muted" role="status">
              This takes a few seconds.
            </p>
          </>
        )}
      </Card>
    </div>
  );
}
