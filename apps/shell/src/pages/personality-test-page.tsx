import { Link } from '@vere/web-router';
import { Button, buttonClassName, celebrate } from '@vere/web-ui';
import type { CelebrationType } from '@vere/web-ui';
import { useDocumentTitle } from '../shared/hooks/use-document-title';

const PERSONALITIES: Array<{
  type: CelebrationType;
  label: string;
  message: string;
  variant: 'primary' | 'secondary' | 'pro' | 'ghost';
}> = [
  { type: 'challenge', label: 'Bold', message: 'Challenge crushed!', variant: 'primary' },
  { type: 'streak', label: 'Steady', message: '3 weeks in a row!', variant: 'secondary' },
  { type: 'level', label: 'Shiny', message: 'Level 5!', variant: 'pro' },
  { type: 'achievement', label: 'Proud', message: 'Badge unlocked!', variant: 'secondary' },
  { type: 'social', label: 'Friendly', message: 'Your pod cheered!', variant: 'ghost' },
  { type: 'default', label: 'Plain', message: '', variant: 'ghost' },
];

/** Utility page (spec §2): the button personalities, each with its celebration. */
export function PersonalityTestPage() {
  useDocumentTitle('Button personalities');
  return (
    <main className="shell-standalone">
      <div className="shell-standalone__card">
        <p className="vui-eyebrow">Utility</p>
        <h1>Button personalities</h1>
        <p className="shell-standalone__text">
          Each button celebrates its own way. The overlay closes by itself after 3 seconds.
        </p>
        <div className="shell-standalone__actions">
          {PERSONALITIES.map((p) => (
            <Button key={p.type} variant={p.variant} onClick={() => celebrate({ type: p.type, message: p.message })}>
              {p.label}
            </Button>
          ))}
        </div>
        <Link to="/" className={buttonClassName({ variant: 'ghost' })}>
          Back to the app
        </Link>
      </div>
    </main>
  );
}
