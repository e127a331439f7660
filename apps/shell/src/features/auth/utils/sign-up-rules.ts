import { passwordStrength } from '@vere/domain';

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Spec: submit stays disabled until every field is filled, the passwords match and the password is Strong. */
export function canSubmitSignUp(values: SignUpValues): boolean {
  const filled = Object.values(values).every((v) => v.trim().length > 0);
  return filled && values.password === values.confirmPassword && passwordStrength(values.password) === 'Strong';
}
