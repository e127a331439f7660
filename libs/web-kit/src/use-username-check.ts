import { useEffect, useState } from 'react';
import { normalizeUsername, validateUsername } from '@vere/domain';
import { USERNAME_CHECK_DELAY_MS, checkUsername } from '@vere/web-session/accounts';

export type UsernameCheck =
  | { state: 'empty' | 'unchanged' | 'checking' | 'available' | 'unknown'; message: null }
  | { state: 'invalid' | 'taken'; message: string };

export const USERNAME_TAKEN_MESSAGE = 'Username is already taken';

/**
 * The username field's verdict as the user types: the rules at once, availability from identity
 * 500 ms after typing stops (spec). A check that cannot be made ('unknown') does not block the
 * form: the server's answer on submit is final.
 */
export function useUsernameCheck(
  raw: string,
  current?: string | null,
  delayMs = USERNAME_CHECK_DELAY_MS,
): UsernameCheck {
  const username = normalizeUsername(raw);
  const rule = username ? validateUsername(username) : null;
  const needsServer = Boolean(rule?.ok) && username !== current;
  const [answer, setAnswer] = useState<{ username: string; available: boolean | null } | null>(null);

  useEffect(() => {
    if (!needsServer) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkUsername(username, controller.signal)
        .then((result) => setAnswer({ username, available: result.available }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setAnswer({ username, available: null });
          return error;
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username, needsServer, delayMs]);

  if (!username) return { state: 'empty', message: null };
  if (rule && !rule.ok) return { state: 'invalid', message: rule.reason };
  if (username === current) return { state: 'unchanged', message: null };
  if (answer?.username !== username) return { state: 'checking', message: null };
  if (answer.available === null) return { state: 'unknown', message: null };
  return answer.available ? { state: 'available', message: null } : { state: 'taken', message: USERNAME_TAKEN_MESSAGE };
}
