#!/usr/bin/env node
// Pod streak latency: the time from a weekly completion's commit to the pod-streak-updated event
// seen by a client subscribed to the pod's live stream (server-sent events through the edge).
// Prints p50/p99 (and max) over N completions.
//
//   node bench/pod-streak-latency.mjs [--completions 200] [--nats nats://127.0.0.1:4222]
//
// With --nats the app's events go through that NATS server (JetStream) instead of the embedded bus.
//
// Starts the app on the embedded default (API only, a fresh data folder; the PostgreSQL-backed
// bus). For each completion a new user signs up, creates a pod (they are its only member, so their
// completion completes the pod's week), opens the pod's stream with a ticket, accepts this week's
// challenge and completes it sharing to the pod. "Commit" is taken as the moment the completion's
// answer arrives (quests commits before answering); the figure from the request's start is printed
// too. The path measured: quests' outbox relay → the bus → pods' consumer (log entry, streak, NOTIFY
// in its transaction) → the LISTEN connection → the stream → the edge → the client.
import { parseArgs } from 'node:util';
import { startApp } from './support/app.mjs';

const { values } = parseArgs({
  options: { completions: { type: 'string', default: '200' }, nats: { type: 'string' } },
});
const n = Number(values.completions);
// 200 sign-ups from one address: lift the per-address sign-up limit (decision 0011) for the run.
const env = { AUTH_RATE_LIMIT_PER_MINUTE: '100000' };
const app = await startApp({ apiOnly: true, env, ...(values.nats ? { natsUrl: values.nats } : {}) });
const { url } = app;

const json = async (path, token, body) => {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};

/** Opens the pod's stream; resolves `streak` with the arrival time of the first pod-streak-updated event. */
async function openStream(podId, ticket) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/pods/pods/${podId}/events?ticket=${ticket}`, { signal: controller.signal });
  if (res.status !== 200) throw new Error(`stream: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let connected;
  const ready = new Promise((r) => {
    connected = r;
  });
  const streak = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      text += value;
      if (text.includes(': connected')) connected();
      if (text.includes('event: pod-streak-updated')) return performance.now();
    }
  })();
  await ready;
  return {
    streak,
    close: async () => {
      await reader.cancel().catch(() => {});
      controller.abort();
    },
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

try {
  const fromCommit = [];
  const fromRequest = [];
  for (let i = 0; i < n; i++) {
    const { accessToken: token } = await json('/api/identity/auth/sign-up', null, {
      email: `streak.${Date.now()}.${i}@example.com`,
      password: 'Challenge1!',
      name: 'Bench Streak',
    });
    let weekly;
    for (let tries = 0; !weekly; tries++) {
      try {
        weekly = (await json('/api/quests/me/weekly', token)).challenges[0].id;
      } catch (err) {
        if (tries > 100) throw err; // the player is made from the registration event
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const pod = await json('/api/pods/pods', token, { name: `Pod ${i}` });
    const { ticket } = await json(`/api/pods/pods/${pod.id}/stream-ticket`, token, {});
    const stream = await openStream(pod.id, ticket);
    await json(`/api/quests/me/weekly/${weekly}/accept`, token, {});
    const started = performance.now();
    await json(`/api/quests/me/weekly/${weekly}/complete`, token, { note: 'bench', podIds: [pod.id] });
    const committed = performance.now();
    const seen = await Promise.race([
      stream.streak,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no streak event in 10 s')), 10_000)),
    ]);
    fromCommit.push(seen - committed);
    fromRequest.push(seen - started);
    await stream.close();
  }
  const line = (name, xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return `${name.padEnd(34)} p50 ${percentile(s, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(s, 99).toFixed(1).padStart(7)} ms   max ${s.at(-1).toFixed(1).padStart(7)} ms`;
  };
  const bus = values.nats ? `NATS JetStream (${values.nats})` : 'embedded default (PostgreSQL-backed bus)';
  console.log(`\nPod streak latency, ${n} completions, ${bus}, through the edge`);
  console.log(line('commit → pod-streak-updated (SSE)', fromCommit));
  console.log(line('request → pod-streak-updated (SSE)', fromRequest));
} finally {
  await app.stop();
}
