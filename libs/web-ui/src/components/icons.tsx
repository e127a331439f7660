import type { ComponentType, ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function icon(name: string, body: ReactNode) {
  function Icon({ size = 24, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {body}
      </svg>
    );
  }
  Icon.displayName = `Icon${name}`;
  return Icon;
}

export const IconFlame = /* @__PURE__ */ icon(
  'Flame',
  <path d="M12 22c4 0 7-2.8 7-7 0-3.5-2.2-6.1-4.2-8.2-.5 2.2-1.7 3.6-3.3 4.2.4-3.1-.7-6.3-3.5-9 .1 3.4-1.6 5.4-3 7.2C3.9 10.6 5 13.5 5 15c0 4.2 3 7 7 7Z" />,
);
export const IconUsers = /* @__PURE__ */ icon(
  'Users',
  <>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1" />
    <path d="M16 3.5a4 4 0 0 1 0 9" />
    <path d="M19 14.5a6 6 0 0 1 3 5.2V21" />
  </>,
);
export const IconBook = /* @__PURE__ */ icon(
  'Book',
  <>
    <path d="M4 19.5V5a2 2 0 0 1 2-2h13v16H6.5A2.5 2.5 0 0 0 4 21.5v-2Z" />
    <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H19" />
    <path d="M9 7h6" />
  </>,
);
export const IconSettings = /* @__PURE__ */ icon(
  'Settings',
  <>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="18" cy="18" r="2" />
  </>,
);
export const IconLock = /* @__PURE__ */ icon(
  'Lock',
  <>
    <rect x="4" y="11" width="16" height="10" rx="2.5" />
    <path d="M8 11V7a4 4 0 1 1 8 0v4" />
  </>,
);
export const IconStar = /* @__PURE__ */ icon(
  'Star',
  <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z" />,
);
export const IconZap = /* @__PURE__ */ icon('Zap', <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />);
export const IconClock = /* @__PURE__ */ icon(
  'Clock',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const IconCalendar = /* @__PURE__ */ icon(
  'Calendar',
  <>
    <rect x="3" y="5" width="18" height="16" rx="2.5" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </>,
);
export const IconCrown = /* @__PURE__ */ icon('Crown', <path d="m3 7 4.5 4L12 5l4.5 6L21 7l-2 11H5L3 7Z" />);
export const IconArrowRight = /* @__PURE__ */ icon('ArrowRight', <path d="M5 12h14M13 6l6 6-6 6" />);
export const IconCheck = /* @__PURE__ */ icon('Check', <path d="m5 12.5 4.5 4.5L19 7.5" />);
export const IconEye = /* @__PURE__ */ icon(
  'Eye',
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const IconEyeOff = /* @__PURE__ */ icon(
  'EyeOff',
  <>
    <path d="M10.6 5.1A10.7 10.7 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.6 3.5M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </>,
);
export const IconLogOut = /* @__PURE__ */ icon(
  'LogOut',
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5M21 12H9" />
  </>,
);
export const IconPlus = /* @__PURE__ */ icon('Plus', <path d="M12 5v14M5 12h14" />);
export const IconAlert = /* @__PURE__ */ icon(
  'Alert',
  <>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
);
export const IconRefresh = /* @__PURE__ */ icon(
  'Refresh',
  <>
    <path d="M21 12a9 9 0 0 1-15.5 6.2L3 16" />
    <path d="M3 12a9 9 0 0 1 15.5-6.2L21 8" />
    <path d="M21 3v5h-5M3 21v-5h5" />
  </>,
);
export const IconSun = /* @__PURE__ */ icon(
  'Sun',
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>,
);
export const IconMoon = /* @__PURE__ */ icon('Moon', <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />);
export const IconTrophy = /* @__PURE__ */ icon(
  'Trophy',
  <>
    <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4Z" />
    <path d="M17 6h3v2a4 4 0 0 1-3.5 4M7 6H4v2a4 4 0 0 0 3.5 4" />
  </>,
);
export const IconCompass = /* @__PURE__ */ icon(
  'Compass',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" />
  </>,
);
export const IconBell = /* @__PURE__ */ icon(
  'Bell',
  <>
    <path d="M6 9a6 6 0 1 1 12 0c0 5 2 6.5 2 6.5H4S6 14 6 9Z" />
    <path d="M10 19.5a2 2 0 0 0 4 0" />
  </>,
);
export const IconMessage = /* @__PURE__ */ icon(
  'Message',
  <path d="M21 12a8 8 0 0 1-11.8 7L3 21l2-6A8 8 0 1 1 21 12Z" />,
);
export const IconSparkles = /* @__PURE__ */ icon(
  'Sparkles',
  <>
    <path d="M10 3 11.8 8.2 17 10l-5.2 1.8L10 17l-1.8-5.2L3 10l5.2-1.8L10 3Z" />
    <path d="M18 14l.9 2.1L21 17l-2.1.9L18 20l-.9-2.1L15 17l2.1-.9L18 14Z" />
  </>,
);
export const IconArrowLeft = /* @__PURE__ */ icon('ArrowLeft', <path d="M19 12H5M11 6l-6 6 6 6" />);
export const IconX = /* @__PURE__ */ icon(
  'X',
  <>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </>,
);
export const IconShuffle = /* @__PURE__ */ icon(
  'Shuffle',
  <>
    <path d="M16 3h5v5" />
    <path d="M4 20 21 3" />
    <path d="M21 16v5h-5" />
    <path d="m15 15 6 6" />
    <path d="M4 4l5 5" />
  </>,
);
export const IconTrash = /* @__PURE__ */ icon(
  'Trash',
  <>
    <path d="M3 6h18" />
    <path d="M8 6V4h8v2" />
    <path d="M19 6l-1 14H6L5 6" />
    <path d="M10 11v6M14 11v6" />
  </>,
);
export const IconList = /* @__PURE__ */ icon(
  'List',
  <>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <path d="m3.5 6 1 1 2-2M3.5 12l1 1 2-2M3.5 18l1 1 2-2" />
  </>,
);
export const IconCamera = /* @__PURE__ */ icon(
  'Camera',
  <>
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1Z" />
    <circle cx="12" cy="13.5" r="3.5" />
  </>,
);

/** The icons a content cover names (a playbook's or a pack's `cover.icon`), by that name. */
export const COVER_ICONS = {
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
} satisfies Record<string, ComponentType<IconProps>>;
export type CoverIconName = keyof typeof COVER_ICONS;
