import { PASSWORD_RULES, passwordScore, passwordStrength } from '@vere/domain';
import { IconCheck } from '@vere/web-ui';

export function PasswordStrengthMeter({ password }: { password: string }) {
  const score = passwordScore(password);
  const strength = passwordStrength(password);
  return (
    <div className="auth-strength" data-strength={password ? strength.toLowerCase() : 'empty'}>
      <div className="auth-strength__bar" aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={step <= score && password ? 'auth-strength__seg is-on' : 'auth-strength__seg'} />
        ))}
      </div>
      <p className="auth-strength__label" aria-live="polite">
        Password strength: <strong data-testid="password-strength">{password ? strength : '—'}</strong>
      </p>
      <ul className="auth-strength__rules">
        {PASSWORD_RULES.map(({ label, test }) => {
          const met = test(password);
          return (
            <li key={label} className={met ? 'is-met' : undefined}>
              <span className="auth-strength__tick" aria-hidden="true">
                {met ? <IconCheck size={14} /> : null}
              </span>
              {label}
              <span className="vui-visually-hidden">{met ? ' (done)' : ' (missing)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
