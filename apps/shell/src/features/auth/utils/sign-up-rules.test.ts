import { describe, expect, it } from 'vitest';
import { canSubmitSignUp } from './sign-up-rules';

const valid = { name: 'Ada', email: 'ada@example.com', password: 'secret1!x', confirmPassword: 'secret1!x' };

describe('canSubmitSignUp', () => {
  it('allows a complete form with a strong, confirmed password', () => {
    expect(canSubmitSignUp(valid)).toBe(true);
  });

  it('blocks an empty field', () => {
    expect(canSubmitSignUp({ ...valid, name: '  ' })).toBe(false);
  });

  it('blocks mismatched passwords', () => {
    expect(canSubmitSignUp({ ...valid, confirmPassword: 'secret1!y' })).toBe(false);
  });

  it('blocks a password that is only Good', () => {
    expect(canSubmitSignUp({ ...valid, password: 'secret1x', confirmPassword: 'secret1x' })).toBe(false);
  });
});
