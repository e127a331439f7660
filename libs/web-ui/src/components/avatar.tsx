export interface AvatarProps {
  name: string;
  /** Picks the gradient; defaults to the name. */
  seed?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const GRADIENT_COUNT = 8;

/** Spec: with no image, the initial on one of 8 gradients chosen by hashing the seed. */
export function gradientIndex(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.codePointAt(0)!) | 0;
  return Math.abs(hash) % GRADIENT_COUNT;
}

export function Avatar({ name, seed, size = 'sm' }: AvatarProps) {
  const initial = (name.trim()[0] ?? 'U').toUpperCase();
  return (
    <span className={`vui-avatar vui-avatar--${size} vui-avatar--g${gradientIndex(seed ?? name)}`} aria-hidden="true">
      {initial}
    </span>
  );
}
