import { describe, expect, it } from 'vitest';
import {
  passwordScore,
  passwordStrength,
  shownName,
  suggestUsername,
  validateBio,
  validateDisplayName,
  validateEmail,
  validateName,
  validatePassword,
  validatePhotoUrl,
  validateUsername,
} from './validation';

describe('email', () => {
  it.each(['ana@example.com', ' Ana.Lopez+vere@Mail.Example.org '])('accepts %s', (e) => {
    expect(validateEmail(e)).toEqual({ ok: true });
  });
  it.each([
    ['', 'Please enter your email address'],
    ['ana@@example.com', 'Please enter a valid email address'],
    ['ana..b@example.com', 'Email address cannot contain consecutive periods'],
    ['.ana@example.com', 'Email address cannot start or end with a period'],
    ['ana b@example.com', 'Email address cannot contain spaces'],
    ['ana@mailinator.com', 'Disposable email addresses are not allowed'],
    ['ana@localhost', 'Please enter a valid email address'],
  ])('rejects %j', (e, reason) => {
    expect(validateEmail(e)).toEqual({ ok: false, reason });
  });
});

describe('password', () => {
  it('scores one point per rule', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('abc')).toBe(1);
    expect(passwordScore('abc1')).toBe(2);
    expect(passwordScore('abcdefg1')).toBe(3);
    expect(passwordScore('abcdefg1!')).toBe(4);
  });
  it('labels the score', () => {
    expect(passwordStrength('ab')).toBe('Weak');
    expect(passwordStrength('ab1')).toBe('Fair');
    expect(passwordStrength('abcdefg1')).toBe('Good');
    expect(passwordStrength('abcdefg1!')).toBe('Strong');
  });
  it('requires a strong password', () => {
    expect(validatePassword('abcdefg1').ok).toBe(false);
    expect(validatePassword('abcdefg1!').ok).toBe(true);
    expect(validatePassword(`a1!${'x'.repeat(200)}`).ok).toBe(false);
  });
});

describe('name', () => {
  it.each(['Jo', 'José María', 'Anne-Marie'])('accepts %s', (n) => expect(validateName(n).ok).toBe(true));
  it.each(['J', 'x'.repeat(41), 'R2D2', 'Bob!'])('rejects %s', (n) => expect(validateName(n).ok).toBe(false));
});

describe('username', () => {
  it.each(['ana', 'Ana_Lopez', 'a1_b2'])('accepts %s', (u) => expect(validateUsername(u).ok).toBe(true));
  it.each(['ab', 'a'.repeat(21), '_ana', 'ana_', 'an__a', 'ana-lopez'])('rejects %s', (u) =>
    expect(validateUsername(u).ok).toBe(false),
  );
});

describe('generated username', () => {
  it.each([
    ['José María', 'jose_maria_0042'],
    ['Anne-Marie O’Neil', 'anne_marie_o_ne_0042'],
    ['Дмитрий', 'vere_0042'],
    ['  ', 'vere_0042'],
  ])('makes a valid one from %j', (name, expected) => {
    const username = suggestUsername(name, () => 0.0042);
    expect(username).toBe(expected);
    expect(validateUsername(username)).toEqual({ ok: true });
  });
});

describe('profile fields', () => {
  it('limits the display name and bio', () => {
    expect(validateDisplayName('Ana ✨').ok).toBe(true);
    expect(validateDisplayName(' ').ok).toBe(false);
    expect(validateDisplayName('x'.repeat(41)).ok).toBe(false);
    expect(validateDisplayName('evil\u202Egnp.exe').ok).toBe(false);
    expect(validateDisplayName('a\ud800b').ok).toBe(false);
    expect(validateBio('Runner.\nClimber.').ok).toBe(true);
    expect(validateBio('x'.repeat(161)).ok).toBe(false);
    expect(validateBio('a\u0000b').ok).toBe(false);
  });
  it('accepts no photo link to another site (decision 0035)', () => {
    expect(validatePhotoUrl('https://images.example.com/me.png').ok).toBe(false);
    expect(validatePhotoUrl('http://images.example.com/me.png').ok).toBe(false);
    expect(validatePhotoUrl('javascript:alert(1)').ok).toBe(false);
    expect(validatePhotoUrl('https://user:pw@example.com/a.png').ok).toBe(false);
    expect(validatePhotoUrl('not a url').ok).toBe(false);
  });
  it('falls back from name to display name to User', () => {
    expect(shownName({ name: 'Ana', displayName: 'A' })).toBe('Ana');
    expect(shownName({ name: ' ', displayName: 'A' })).toBe('A');
    expect(shownName({})).toBe('User');
  });
});
