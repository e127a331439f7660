import { useEffect, useState } from 'react';
import type { AvatarConfig } from '@vere/domain';
import type * as AvatarArt from './avatar-art';
import { cx } from './class-names';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

/** Spec: sm 40, md 60, lg 80, xl 120 pixels. */
export const AVATAR_SIZES: Record<AvatarSize, number> = { sm: 40, md: 60, lg: 80, xl: 120 };

export interface AvatarProps {
  name: string;
  /** Picks the gradient; defaults to the name. */
  seed?: string | undefined;
  size?: AvatarSize;
  /** The avatar creator's choice: drawn with DiceBear when set. */
  config?: AvatarConfig | null | undefined;
  /** A profile photo (HTTPS): shown instead of the drawn avatar when set. */
  photoUrl?: string | null | undefined;
  /** Announced name of the picture; by default the avatar is decorative (the name is shown next to it). */
  label?: string;
}

const GRADIENT_COUNT = 8;

/** Spec: with no image, the initial on one of 8 gradients chosen by hashing the seed. */
export function gradientIndex(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.codePointAt(0)!) | 0;
  return Math.abs(hash) % GRADIENT_COUNT;
}

let art: Promise<typeof AvatarArt> | undefined;
const drawn = new Map<string, string>();

/** The drawn avatar's data URI, or null until DiceBear has loaded (or when there is no config). */
function useAvatarUri(config: AvatarConfig | null | undefined): string | null {
  const key = config ? JSON.stringify(config) : null;
  const [uri, setUri] = useState<string | null>(() => (key ? (drawn.get(key) ?? null) : null));
  useEffect(() => {
    if (!config || !key) return setUri(null);
    const cached = drawn.get(key);
    if (cached) return setUri(cached);
    let live = true;
    art ??= import('./avatar-art');
    void art
      .then(({ avatarDataUri }) => {
        const next = avatarDataUri(config);
        drawn.set(key, next);
        if (live) setUri(next);
      })
      .catch(() => {
        art = undefined; // a failed chunk load is retried by the next avatar; this one keeps its initial
      });
    return () => {
      live = false;
    };
    // `key` stands for the config's content: a new object with the same choices draws nothing new.
  }, [key]);
  return uri;
}

export function Avatar({ name, seed, size = 'sm', config, photoUrl, label }: AvatarProps) {
  const [photoFailed, setPhotoFailed] = useState(false);
  useEffect(() => setPhotoFailed(false), [photoUrl]);
  const drawnUri = useAvatarUri(photoUrl && !photoFailed ? null : config);
  const src = photoUrl && !photoFailed ? photoUrl : drawnUri;
  const initial = (name.trim()[0] ?? 'U').toUpperCase();
  const pixels = AVATAR_SIZES[size];
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <span
      className={cx(
        'vui-avatar',
        `vui-avatar--${size}`,
        src ? 'vui-avatar--image' : `vui-avatar--g${gradientIndex(seed ?? name)}`,
      )}
      data-avatar={src ? (src === photoUrl ? 'photo' : 'drawn') : 'initial'}
      {...a11y}
    >
      {src ? (
        <img
          src={src}
          alt=""
          width={pixels}
          height={pixels}
          referrerPolicy="no-referrer"
          onError={() => src === photoUrl && setPhotoFailed(true)}
        />
      ) : (
        initial
      )}
    </span>
  );
}
