import { randomUUID } from 'node:crypto';
import type { TestDatabase } from '@vere/dev-db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUntil } from '../src/billing-cli';
import { runCli } from './support/cli';
import type { RunningStack } from '../src/stack';
import { startLocalStack } from './support/stack';

const billing = (args: string[], env: Record<string, string | undefined>) => runCli('billing-cli.ts', args, env);

describe('npm run billing -- grant|revoke', () => {
  let db: TestDatabase;
  let stack: RunningStack;
  let sql: pg.Client;

  beforeAll(async () => {
    ({ db, stack } = await startLocalStack('vere_billing_cli'));
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await stack?.stop();
    await db?.drop();
  });

  const entitlement = async (token: string) =>
    (await fetch(`${stack.url}/api/billing/me/entitlement`, { headers: { authorization: `Bearer ${token}` } })).json();

  it('grants Pro by e-mail until a date, recorded with who and why, published, and revokes it', async () => {
    const email = `Founder.${randomUUID()}@Example.com`;
    const res = await fetch(`${stack.url}/api/identity/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Challenge1!', name: 'Ada Founder' }),
    });
    const { accessToken, user } = (await res.json()) as { accessToken: string; user: { id: string } };
    expect(await entitlement(accessToken)).toMatchObject({ isActive: false });

    const granted = await billing(
      ['grant', email.toUpperCase(), '--until', '2099-01-31', '--reason', 'founders programme', '--by', 'sam'],
      { DATABASE_URL: db.url },
    );
    expect(granted.err).toBe('');
    expect(granted.code).toBe(0);
    expect(await entitlement(accessToken)).toEqual({
      isActive: true,
      productId: 'verepro.founders',
      expirationDate: '2099-01-31T23:59:59.999Z',
      willRenew: false,
      source: 'database',
    });
    const { rows } = await sql.query('SELECT granted_by, reason, status FROM billing.subscription WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows).toEqual([{ granted_by: 'sam', reason: 'founders programme', status: 'granted' }]);
    // The running app's relay publishes the grant's event.
    await expect
      .poll(
        async () =>
          (
            await sql.query(
              "SELECT 1 FROM billing.outbox_event WHERE payload->>'userId' = $1 AND published_at IS NOT NULL",
              [user.id],
            )
          ).rowCount,
        { timeout: 10_000 },
      )
      .toBe(1);

    const revoked = await billing(['revoke', user.id, '--reason', 'programme ended', '--by', 'sam'], {
      DATABASE_URL: db.url,
    });
    expect(revoked.code).toBe(0);
    expect(await entitlement(accessToken)).toMatchObject({ isActive: false });
  }, 90_000); // CLI processes, each loading the bundled billing service: slow on a busy CI machine

  it('refuses a grant without a reason, an unknown e-mail, and a bad date, changing nothing', async () => {
    const env = { DATABASE_URL: db.url };
    const noReason = await billing(['grant', randomUUID()], env);
    expect(noReason.code).toBe(2);
    expect(noReason.err).toContain('--reason is required');
    const unknown = await billing(['grant', `nobody.${randomUUID()}@example.com`, '--reason', 'x'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No account with the e-mail');
    const badDate = await billing(['grant', randomUUID(), '--reason', 'x', '--until', '2027-02-30'], env);
    expect(badDate.code).toBe(1);
    expect(
      (await sql.query("SELECT 1 FROM billing.subscription WHERE source = 'database' AND reason = 'x'")).rowCount,
    ).toBe(0);
  }, 90_000); // CLI processes, each loading the bundled billing service: slow on a busy CI machine

  it('reads --until as the end of that day, and refuses a past one', () => {
    expect(parseUntil('2030-06-01')?.toISOString()).toBe('2030-06-01T23:59:59.999Z');
    expect(parseUntil(undefined)).toBeNull();
    expect(() => parseUntil('2020-01-01')).toThrow('future');
    expect(() => parseUntil('tomorrow')).toThrow('date like');
  });
});
