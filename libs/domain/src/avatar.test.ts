import { describe, expect, it } from 'vitest';
import { AVATAR_PARTS, defaultAvatarConfig, isAvatarConfig, randomAvatarConfig } from './avatar';

describe('avatar config', () => {
  it('has the spec option counts', () => {
    expect(AVATAR_PARTS.backgroundColor.options).toHaveLength(8);
    expect(AVATAR_PARTS.eyes.options).toHaveLength(8);
    expect(AVATAR_PARTS.mouth.options).toHaveLength(8);
    expect(AVATAR_PARTS.hair.options).toHaveLength(13);
    expect(AVATAR_PARTS.skinColor.options).toHaveLength(6);
    expect(AVATAR_PARTS.hairColor.options).toHaveLength(6);
    expect(AVATAR_PARTS.accessories.options).toHaveLength(9);
  });

  it('defaults to the spec look', () => {
    expect(defaultAvatarConfig('s')).toMatchObject({
      seed: 's',
      backgroundColor: ['transparent'],
      eyes: ['normal'],
      mouth: ['awkwardSmile'],
      hair: ['shortHair'],
      skinColor: ['fdbcb4'],
      hairColor: ['8b4513'],
      accessories: ['none'],
    });
  });

  it('randomizes within the option lists', () => {
    const first = randomAvatarConfig('s', () => 0);
    const last = randomAvatarConfig('s', () => 0.999_999);
    expect(first.hair).toEqual(['shortHair']);
    expect(last.hair).toEqual(['wavyBob']);
    expect(last.accessories).toEqual(['sunglasses']);
    expect(isAvatarConfig(first) && isAvatarConfig(last)).toBe(true);
  });

  it('accepts only what the creator can produce', () => {
    const good = defaultAvatarConfig('seed');
    expect(isAvatarConfig(good)).toBe(true);
    expect(isAvatarConfig({ ...good, eyes: ['lasers'] })).toBe(false);
    expect(isAvatarConfig({ ...good, eyes: ['normal', 'sad'] })).toBe(false);
    expect(isAvatarConfig({ ...good, extra: 1 })).toBe(false);
    expect(isAvatarConfig({ ...good, seed: 'x'.repeat(65) })).toBe(false);
    expect(isAvatarConfig({ ...good, seed: 'a\u0000b' })).toBe(false);
    expect(isAvatarConfig({ ...good, seed: 'a\ud800b' })).toBe(false);
    const { mouth: _mouth, ...missing } = good;
    expect(isAvatarConfig(missing)).toBe(false);
    expect(isAvatarConfig(null)).toBe(false);
    expect(isAvatarConfig([good])).toBe(false);
  });
});
