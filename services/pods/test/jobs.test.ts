import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPods, type PodsHarness } from './helper';

let h: PodsHarness;
beforeAll(async () => {
  h = await startPods({ jobs: true });
});
afterAll(async () => {
  await h?.close();
});

it('schedules the week-end streak sweep on pg-boss in pods_jobs, every minute (once whatever the replica count)', async () => {
  const { rows } = await h.sql.query('SELECT name, cron, timezone FROM pods_jobs.schedule ORDER BY name');
  expect(rows).toEqual([{ name: 'pods-streak-sweep', cron: '* * * * *', timezone: 'UTC' }]);
  const queue = await h.sql.query('SELECT name FROM pods_jobs.queue WHERE name = $1', ['pods-streak-sweep']);
  expect(queue.rowCount).toBe(1);
});
