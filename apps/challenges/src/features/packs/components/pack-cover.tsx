import type { ComponentType } from 'react';
import type { PackSummary } from '@vere/contracts';
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
  type IconProps,
} from '@vere/web-ui';

const ICONS: Record<PackSummary['cover']['icon'], ComponentType<IconProps>> = {
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

/** A pack's cover: its icon on its colour (an icon never renders as a box, decision 0040). */
export function PackCover({ cover, size = 28 }: { cover: PackSummary['cover']; size?: number }) {
  const Icon = ICONS[cover.icon];
  return (
    <span className="ch-pack__cover" style={{ background: cover.color }} aria-hidden="true">
      <Icon size={size} />
    </span>
  );
}
