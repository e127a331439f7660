import type { PlaybookSummary } from '@vere/contracts';
import { COVER_ICONS, IconBook } from '@vere/web-ui';

/** A playbook's cover: its colour and icon (decorative: the title next to it names the playbook). */
export function PlaybookCover({ cover, size = 'md' }: { cover: PlaybookSummary['cover']; size?: 'md' | 'lg' }) {
  const Icon = COVER_ICONS[cover.icon] ?? IconBook;
  return (
    <span className={`pb-cover pb-cover--${size}`} style={{ background: cover.color }} aria-hidden="true">
      <Icon size={size === 'lg' ? 44 : 30} />
    </span>
  );
}
