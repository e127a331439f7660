import type { ComponentType } from 'react';
import type { PlaybookIcon, PlaybookSummary } from '@vere/contracts';
import {
  IconBook,
  IconCalendar,
  IconCompass,
  IconEyeOff,
  IconFlame,
  IconMessage,
  IconSparkles,
  IconStar,
  IconSun,
  IconTrophy,
  IconUsers,
  IconZap,
} from '@vere/web-ui';

const ICONS: Record<PlaybookIcon, ComponentType<{ size?: number }>> = {
  compass: IconCompass,
  sparkles: IconSparkles,
  sun: IconSun,
  zap: IconZap,
  'eye-off': IconEyeOff,
  message: IconMessage,
  star: IconStar,
  calendar: IconCalendar,
  book: IconBook,
  flame: IconFlame,
  users: IconUsers,
  trophy: IconTrophy,
};

/** A playbook's cover: its colour and icon (decorative: the title next to it names the playbook). */
export function PlaybookCover({ cover, size = 'md' }: { cover: PlaybookSummary['cover']; size?: 'md' | 'lg' }) {
  const Icon = ICONS[cover.icon] ?? IconBook;
  return (
    <span className={`pb-cover pb-cover--${size}`} style={{ background: cover.color }} aria-hidden="true">
      <Icon size={size === 'lg' ? 44 : 30} />
    </span>
  );
}
