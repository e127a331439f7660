// The styles are not imported here: each app imports '@vere/web-ui/styles.css' once. A barrel with a
// side effect (a CSS import) makes the bundler put every export any page uses wherever the barrel is
// imported, e.g. the sign-up form's avatar creator into the shell's first chunk (decision 0020).

export { AVATAR_SIZES, Avatar, gradientIndex } from './components/avatar';
export type { AvatarProps, AvatarSize } from './components/avatar';
export { AvatarCreator } from './components/avatar-creator';
export type { AvatarCreatorProps } from './components/avatar-creator';
export { Dialog } from './components/dialog';
export type { DialogProps } from './components/dialog';
export { Banner } from './components/banner';
export type { BannerProps } from './components/banner';
export { Button, buttonClassName } from './components/button';
export type { ButtonProps, ButtonSize, ButtonVariant } from './components/button';
export { Card } from './components/card';
export { CelebrationHost, celebrate } from './components/celebration';
export { confettiBurst } from './components/confetti';
export type { ConfettiBurstOptions } from './components/confetti';
export { CELEBRATION_CONFETTI, CELEBRATION_MS, CELEBRATION_SPARKLES } from './components/celebration-queue';
export type { CelebrationRequest, CelebrationType } from './components/celebration-queue';
export type { CardProps } from './components/card';
export { cx } from './components/class-names';
export { EmptyState } from './components/empty-state';
export type { EmptyStateProps } from './components/empty-state';
export { ErrorCard } from './components/error-card';
export type { ErrorCardProps } from './components/error-card';
export * from './components/icons';
export { LevelBadge } from './components/level-badge';
export type { LevelBadgeProps } from './components/level-badge';
export { Logo } from './components/logo';
export type { LogoProps } from './components/logo';
export { StreakBadge, streakWeeks } from './components/streak-badge';
export type { StreakBadgeProps } from './components/streak-badge';
export { Skeleton } from './components/skeleton';
export type { SkeletonProps } from './components/skeleton';
export { LoadingScreen, Spinner } from './components/spinner';
export type { LoadingScreenProps, SpinnerProps } from './components/spinner';
export { ThemeToggle } from './components/theme-toggle';
export { Tour } from './components/tour';
export type { TourOutcome, TourProps, TourStep } from './components/tour';
export { TextField } from './components/text-field';
export type { TextFieldProps } from './components/text-field';
export { ToastHost, Toaster, notify, prefetchToasts } from './components/toast';
export type { ToasterProps } from './components/toast';
export { THEME_STORAGE_KEY, applyStoredTheme, readTheme, setTheme, useTheme } from './components/use-theme';
export type { Theme } from './components/use-theme';
export { XpBar, xpWithinLevel } from './components/xp-bar';
export type { XpBarProps } from './components/xp-bar';
