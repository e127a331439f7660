import { Link, useParams } from '@vere/web-router';
import { Card, IconBook, IconCrown, IconTrophy, buttonClassName } from '@vere/web-ui';

type Section = 'hub' | 'challenges' | 'assessments' | 'assessment';

const TITLES: Record<Section, string> = {
  hub: 'Pro Hub',
  challenges: 'Pro Challenges',
  assessments: 'Pro Assessments',
  assessment: 'Pro Assessment',
};

/**
 * The Pro-only pages (behind the shell's Pro guard). Their content arrives with the challenges and
 * playbooks issues; until then each is a real landing that says what is coming and links around.
 */
export function ProHubPage({ section }: { section: Section }) {
  const { assessmentId } = useParams();
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
            : 'Everything that comes with Vere Pro, in one place.'}
        </p>
      </header>
      <div className="ac-pro-hub__grid">
        <Card>
          <p className="ac-data__title">
            <IconTrophy size={18} /> Pro challenges
          </p>
          <p className="ac-muted">10 daily swipes, 3 skips and advanced challenges. New ones land here first.</p>
          <Link to="/pro/challenges" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            Open
          </Link>
        </Card>
        <Card>
          <p className="ac-data__title">
            <IconBook size={18} /> Pro assessments
          </p>
          <p className="ac-muted">Deeper assessments with a dashboard of your results.</p>
          <Link to="/pro/assessments" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            Open
          </Link>
        </Card>
      </div>
    </div>
  );
}
