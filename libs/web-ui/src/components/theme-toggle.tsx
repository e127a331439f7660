import { cx } from './class-names';
import { IconMoon, IconSun } from './icons';
import { useTheme } from './use-theme';

/** One tap between dark and light; the label says what a press does. */
export function ThemeToggle({ className }: { className?: string }) {
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const Icon = theme === 'dark' ? IconSun : IconMoon;
  return (
    <button
      type="button"
      className={cx('vui-icon-btn', className)}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      data-testid="theme-toggle"
      onClick={() => setTheme(next)}
    >
      <Icon size={20} />
    </button>
  );
}
