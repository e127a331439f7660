import { isPlainText } from './validation';

/**
 * The avatar creator's options (spec: accounts §3, "Avatar config"). Values are the option names of
 * DiceBear's "big-smile" style, so a stored config renders as it was chosen with no mapping layer.
 * Shared by the creator, the renderer and the identity service, which refuses anything else.
 */

export interface AvatarOption<V extends string = string> {
  value: V;
  label: string;
}

const options = <V extends string>(...pairs: Array<[V, string]>): readonly AvatarOption<V>[] =>
  pairs.map(([value, label]) => ({ value, label }));

export const AVATAR_BACKGROUNDS = options(
  ['transparent', 'Transparent'],
  ['ffd5dc', 'Pink'],
  ['ffe4ec', 'Light pink'],
  ['c0deff', 'Blue'],
  ['c7f2d2', 'Green'],
  ['fff3b0', 'Yellow'],
  ['ffd8b1', 'Orange'],
  ['e0d1ff', 'Purple'],
);
export const AVATAR_EYES = options(
  ['normal', 'Normal'],
  ['angry', 'Angry'],
  ['cheery', 'Cheery'],
  ['confused', 'Confused'],
  ['sad', 'Sad'],
  ['sleepy', 'Sleepy'],
  ['starstruck', 'Starstruck'],
  ['winking', 'Winking'],
);
export const AVATAR_MOUTHS = options(
  ['awkwardSmile', 'Awkward smile'],
  ['braces', 'Braces'],
  ['gapSmile', 'Gap smile'],
  ['kawaii', 'Kawaii'],
  ['openedSmile', 'Opened smile'],
  ['openSad', 'Open sad'],
  ['teethSmile', 'Teeth smile'],
  ['unimpressed', 'Unimpressed'],
);
export const AVATAR_HAIR = options(
  ['shortHair', 'Short'],
  ['bangs', 'Bangs'],
  ['bowlCutHair', 'Bowl cut'],
  ['braids', 'Braids'],
  ['bunHair', 'Bun'],
  ['curlyBob', 'Curly bob'],
  ['curlyShortHair', 'Curly short'],
  ['froBun', 'Fro bun'],
  ['halfShavedHead', 'Half shaved'],
  ['mohawk', 'Mohawk'],
  ['shavedHead', 'Shaved'],
  ['straightHair', 'Straight'],
  ['wavyBob', 'Wavy'],
);
export const AVATAR_SKIN_COLORS = options(
  ['fdbcb4', 'Light'],
  ['f5d7b1', 'Fair'],
  ['e2ba87', 'Medium'],
  ['c99c62', 'Tan'],
  ['a47539', 'Brown'],
  ['643d19', 'Dark'],
);
export const AVATAR_HAIR_COLORS = options(
  ['8b4513', 'Brown'],
  ['1c1c1c', 'Black'],
  ['f2d06b', 'Blonde'],
  ['b7472a', 'Red'],
  ['9e9e9e', 'Gray'],
  ['f5f5f5', 'White'],
);
export const AVATAR_ACCESSORIES = options(
  ['none', 'None'],
  ['catEars', 'Cat ears'],
  ['clownNose', 'Clown nose'],
  ['faceMask', 'Face mask'],
  ['glasses', 'Glasses'],
  ['mustache', 'Mustache'],
  ['sailormoonCrown', 'Crown'],
  ['sleepMask', 'Sleep mask'],
  ['sunglasses', 'Sunglasses'],
);

/** The creator's pickers, in the order it shows them. */
export const AVATAR_PARTS = {
  backgroundColor: { label: 'Background', options: AVATAR_BACKGROUNDS },
  skinColor: { label: 'Skin', options: AVATAR_SKIN_COLORS },
  hair: { label: 'Hair', options: AVATAR_HAIR },
  hairColor: { label: 'Hair colour', options: AVATAR_HAIR_COLORS },
  eyes: { label: 'Eyes', options: AVATAR_EYES },
  mouth: { label: 'Mouth', options: AVATAR_MOUTHS },
  accessories: { label: 'Accessories', options: AVATAR_ACCESSORIES },
} as const;

export type AvatarPart = keyof typeof AVATAR_PARTS;

/** As the spec stores it: each part a list holding one option, plus a seed. */
export type AvatarConfig = { seed: string } & { [P in AvatarPart]: string[] };

export const AVATAR_SEED_MAX_LENGTH = 64;

/** Spec defaults: transparent, normal eyes, awkward smile, short hair, skin FDBCB4, hair 8B4513, no accessories. */
export function defaultAvatarConfig(seed: string): AvatarConfig {
  return {
    seed: seed.slice(0, AVATAR_SEED_MAX_LENGTH),
    backgroundColor: ['transparent'],
    eyes: ['normal'],
    mouth: ['awkwardSmile'],
    hair: ['shortHair'],
    skinColor: ['fdbcb4'],
    hairColor: ['8b4513'],
    accessories: ['none'],
  };
}

/** Every part picked at random (`random` returns [0, 1), e.g. Math.random). */
export function randomAvatarConfig(seed: string, random: () => number = Math.random): AvatarConfig {
  const pick = (part: AvatarPart): string[] => {
    const list = AVATAR_PARTS[part].options;
    return [list[Math.min(list.length - 1, Math.floor(random() * list.length))]!.value];
  };
  const config = defaultAvatarConfig(seed);
  for (const part of Object.keys(AVATAR_PARTS) as AvatarPart[]) config[part] = pick(part);
  return config;
}

/** True when `value` is a config the creator could have produced (known parts, known options, nothing else). */
export function isAvatarConfig(value: unknown): value is AvatarConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length !== Object.keys(AVATAR_PARTS).length + 1) return false;
  // PostgreSQL's JSONB refuses NUL and lone surrogates: a seed is plain text or nothing.
  if (typeof record.seed !== 'string' || record.seed.length > AVATAR_SEED_MAX_LENGTH || !isPlainText(record.seed))
    return false;
  return (Object.keys(AVATAR_PARTS) as AvatarPart[]).every((part) => {
    const chosen = record[part];
    return (
      Array.isArray(chosen) &&
      chosen.length === 1 &&
      AVATAR_PARTS[part].options.some((option) => option.value === chosen[0])
    );
  });
}
