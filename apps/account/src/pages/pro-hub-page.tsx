import { useState } from 'react';
import { Link, useLocation, useParams } from '@vere/web-router';
import { useEntitlement } from '@vere/web-kit';
import {
  Banner,
  Button,
  Card,
  IconArrowRight,
  IconBook,
  IconCalendar,
  IconCrown,
  IconSparkles,
  IconStar,
} from '@vere/web-ui';
import type { IconProps } from '@vere/web-ui';
import type { ComponentType } from 'react';
import { openBillingPortal } from '../features/billing/api/open-billing-portal';
import { ProPackList } from '../features/pro-hub/components/pro-pack-list';
import { ProStatsCard } from '../features/pro-hub/components/pro-stats-card';

type Section = 'hub' | 'challenges' | 'assessments' | 'assessment';

const TITLES: Record<Section, string> = {
  hub: 'Pro Hub',
  challenges: 'Pro Challenges',
  assessments: 'Pro Assessments',
  assessment: 'Pro Assessment',
};

interface Destination {
  to: string;
  title: string;
  text: string;
  icon: ComponentType<IconProps>;
}

/** Where the Pro pages lead; a page never lists itself. */
const DESTINATIONS: Destination[] = [
  {
    to: '/pro/challenges',
    title: 'Pro challenge packs',
    text: 'Every Pro-only pack, advanced ones included. Add one and its dares lead your deck.',
    icon: IconStar,
  },
  {
    to: '/pro/assessments',
    title: 'Pro assessments',
    text: 'Deeper assessments, with results that shape your deck and a dashboard over time.',
    icon: IconSparkles,
  },
  {
    to: '/guides',
    title: 'All playbooks',
    text: 'Every playbook is open with Pro, whatever your level.',
    icon: IconBook,
  },
  {
    to: '/packs',
    title: 'All challenge packs',
    text: 'The free packs, your progress and your badges.',
    icon: IconCalendar,
  },
  { to: '/pro-hub', title: 'Pro Hub', text: 'Your Pro stats and everything Pro in one place.', icon: IconCrown },
];

/**
 * The Pro-only pages (behind the shell's Pro guard): `/pro-hub` gathers what Pro gives (the Pro
 * packs, Pro assessments, every playbook, the player's Pro numbers and the subscription);
 * `/pro/challenges` lists the Pro packs. The assessments pages are filled by the assessments work.
 */
export function ProHubPage({ section }: { section: Section }) {
  const { assessmentId } = useParams();
  const { pathname } = useLocation();
  const links = DESTINATIONS.filter((d) => d.to !== pathname && !(section === 'hub' && d.to === '/pro/challenges'));
  return (
    <div className="vui-page ac-pro-hub">
      <header className="vui-page-header">
        <p className="vui-eyebrow">
          <IconCrown size={16} /> Pro Member
        </p>
        <h1 className="vui-page-title">{TITLES[section]}</h1>
        <p className="vui-page-subtitle">
          {section === 'assessment'
            ? `Assessment ${assessmentId ?? ''}`
            : section === 'challenges'
              ? 'Packs of quick dares only Pro members can add. Finish one for a badge and bonus XP.'
              : 'Everything that comes with Vere Pro, in one place.'}
        </p>
      </header>
      {section === 'hub' ? (
        <>
          <ProStatsCard />
          <section className="vui-section" aria-labelledby="ac-pro-packs">
            <div className="ac-pro-hub__section-head">
              <h2 id="ac-pro-packs" className="vui-section__title">
                Pro packs
              </h2>
              <Link to="/pro/challenges" className="ac-pro-hub__more">
                All Pro challenges <IconArrowRight size={16} />
              </Link>
            </div>
            <ProPackList headingLevel={3} />
          </section>
        </>
      ) : null}
      {section === 'challenges' ? <ProPackList headingLevel={2} /> : null}
      <section className="vui-section" aria-labelledby="ac-pro-more">
        <h2 id="ac-pro-more" className="vui-section__title">
          {section === 'hub' ? 'More with Pro' : 'Also in Pro'}
        </h2>
        <div className="ac-pro-hub__grid">
          {links.map((d) => (
            <Link key={d.to} to={d.to} className="ac-pro-hub__card" data-testid={`pro-link-${d.to}`}>
              <d.icon size={20} />
              <span className="ac-pro-hub__card-text">
                <span className="ac-pro-hub__card-title">{d.title}</span>
                <span className="ac-muted">{d.text}</span>
              </span>
              <IconArrowRight size={18} />
            </Link>
          ))}
          {section === 'hub' ? <ManageSubscription /> : null}
        </div>
      </section>
    </div>
  );
}

/** "Manage subscription": billing's portal for a web subscription; the subscription page otherwise. */
function ManageSubscription() {
  const { data: entitlement } = useEntitlement();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (entitlement?.source !== 'stripe')
    return (
      <Link to="/subscription" className="ac-pro-hub__card" data-testid="pro-manage-subscription">
        <IconCrown size={20} />
        <span className="ac-pro-hub__card-text">
          <span className="ac-pro-hub__card-title">Manage subscription</span>
          <span className="ac-muted">Renewal date, payment and cancellation.</span>
        </span>
        <IconArrowRight size={18} />
      </Link>
    );
  const open = async () => {
    setOpening(true);
    setError(null);
    try {
      const { url } = await openBillingPortal();
      window.location.assign(url);
    } catch {
      setError("We couldn't open the subscription portal. Please try again.");
      setOpening(false);
    }
  };
  return (
    <Card className="ac-pro-hub__manage">
      <span className="ac-pro-hub__card-title">Manage subscription</span>
      <span className="ac-muted">Renewal date, payment and cancellation, in the billing portal.</span>
      <Button
        variant="secondary"
        size="sm"
        loading={opening}
        onClick={() => void open()}
        data-testid="pro-manage-subscription"
      >
        Manage subscription
      </Button>
      {error ? <Banner tone="error">{error}</Banner> : null}
    </Card>
  );
}
