import { Link } from '@vere/web-router';
import { EmptyState, IconArrowLeft, IconSparkles, IconZap, buttonClassName } from '@vere/web-ui';
import { useNow } from './use-now';
import { isWeekendWindow } from '@vere/domain';

/** Stand-in for the swipe deck until the quests service serves sidequests. */
export function DeckPlaceholder({ kind }: { kind: 'daily' | 'weekend' }) {
  const now = useNow();
  const title = kind === 'daily' ? 'Daily Sidequests' : 'Weekend Sidequests';
  const closed = kind === 'weekend' && !isWeekendWindow(now);
  return (
    <div className="vui-page">
      <Link to="/" className="vui-back-link">
        <IconArrowLeft size={18} /> All challenges
      </Link>
      <header className="vui-page-header">
        <h1 className="vui-page-title">{title}</h1>
      </header>
      <EmptyState
        icon={kind === 'daily' ? <IconZap size={32} /> : <IconSparkles size={32} />}
        title={closed ? 'Coming soon!' : 'Your deck is being shuffled'}
        description={
          closed
            ? 'Check back on Saturday and Sunday for exciting weekend challenges.'
            : 'Swipeable sidequests land here soon. Meanwhile, the weekly challenge is waiting.'
        }
        action={
          <Link to="/weekly" className={buttonClassName()}>
            See the Weekly Challenge
          </Link>
        }
      />
    </div>
  );
}
