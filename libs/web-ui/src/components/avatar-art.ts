import { createAvatar } from '@dicebear/core';
import { bigSmile } from '@dicebear/collection';
import type { AvatarConfig } from '@vere/domain';

/**
 * The DiceBear "big-smile" picture for a saved config, as a data URI (allowed by the CSP, and an
 * <img> cannot run script). Loaded on demand: pages that show no avatar never download DiceBear.
 */
export function avatarDataUri(config: AvatarConfig): string {
  const accessory = config.accessories[0];
  return createAvatar(bigSmile, {
    seed: config.seed,
    backgroundColor: config.backgroundColor,
    eyes: config.eyes as never,
    mouth: config.mouth as never,
    hair: config.hair as never,
    skinColor: config.skinColor,
    hairColor: config.hairColor,
    accessories: (accessory === 'none' ? [] : config.accessories) as never,
    accessoriesProbability: accessory === 'none' ? 0 : 100,
  }).toDataUri();
}
