import { describe, expect, it } from 'vitest';
import {
  passwordScore, passwordStrength, validateEmail, validateName, validatePassword, validateUsername,
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
    expect(validateUsername(u).ok).toBe(false));
});
