import type { PackSummary } from '@vere/contracts';
import { COVER_ICONS } from '@vere/web-ui';
import './packs.css';

/** A pack's cover: its icon on its colour (an icon never renders as a box, decision 0040). */
export function PackCover({ cover, size = 28 }: { cover: PackSummary['cover']; size?: number }) {
  const Icon = COVER_ICONS[cover.icon];
  return (
    <span className="ch-pack__cover" style={{ background: cover.color }} aria-hidden="true">
      <Icon size={size} />
    </span>
  );
}
