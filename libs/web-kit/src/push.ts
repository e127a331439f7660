import type { VapidPublicKey } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/*
 * Web push on this browser (issue 25; decision 0054): whether it can, asking, subscribing with
 * identity's VAPID key, and forgetting the subscription on sign-out. Shared by the shell (the
 * explainer after a first completion, sign-out) and the account remote (the Settings switch).
 * Inside the iOS wrapper there is no service worker (spec §4): the wrapper registers its APNs token
 * itself (POST /api/identity/me/push/ios), so everything here answers "unsupported" there.
 */

export const SERVICE_WORKER_URL = '/sw.js';
const WEB_PUSH_PATH = '/api/identity/me/push/web';
const VAPID_PATH = '/api/identity/push/vapid-public-key';

/** What this browser can do about push right now. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

interface PushWindow {
  Capacitor?: { isNativePlatform?: () => boolean };
  Notification?: typeof Notification;
  PushManager?: unknown;
}

export function pushSupported(win: PushWindow = window as PushWindow, nav: Navigator = navigator): boolean {
  if (win.Capacitor?.isNativePlatform?.() === true) return false;
  return 'serviceWorker' in nav && !!win.PushManager && !!win.Notification;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return (
    (await navigator.serviceWorker.getRegistration('/')) ??
    (await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }))
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

const toBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
};

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array): boolean =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((v, i) => v === b[i]);

/** Sends this browser's subscription to identity (idempotent: it also moves the device to whoever is signed in). */
async function register(subscription: PushSubscription): Promise<void> {
  const { endpoint, keys } = subscription.toJSON();
  await apiFetch<void>(WEB_PUSH_PATH, { method: 'POST', json: { endpoint, keys } });
}

/**
 * Asks the browser (its own permission prompt, so call it from a click), subscribes with identity's
 * VAPID key and registers the subscription. A subscription made with another key is replaced.
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await apiFetch<VapidPublicKey>(VAPID_PATH);
  const key = toBytes(publicKey);
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await register(subscription);
  return 'on';
}

/** Re-sends an existing subscription after sign-in (the server may have dropped or reassigned it). */
export async function syncPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await register(subscription);
}

/**
 * Forgets this browser's push subscription, on the server first (while the session still
 * authorises it) and then in the browser, so the next person who signs in here gets nothing meant
 * for this account. Never throws: signing out must not depend on it.
 */
export async function disablePush(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await apiFetch<void>(WEB_PUSH_PATH, {
      method: 'DELETE',
      json: { endpoint: subscription.endpoint },
      timeoutMs: 3_000,
    }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('[push] could not forget this browser’s subscription', error);
  }
}

/* The in-app explainer comes before the browser's prompt, once, and not again for a while after "Not now". */
export const PUSH_PROMPT_KEY = 'vere:push-prompt';
/** After "Not now", the explainer waits this long before it may show again. */
export const PUSH_PROMPT_SNOOZE_MS = 30 * 24 * 60 * 60 * 1000;

interface PromptMemory {
  answer: 'yes' | 'not-now';
  at: number;
}

export function rememberPushAnswer(answer: PromptMemory['answer'], now = Date.now(), storage: Storage = localStorage) {
  try {
    storage.setItem(PUSH_PROMPT_KEY, JSON.stringify({ answer, at: now } satisfies PromptMemory));
  } catch {
    // Private mode without storage: the explainer may show again next time; nothing breaks.
  }
}

/** Whether the explainer may show: push possible, never answered (or "Not now" long enough ago), not on already. */
export function mayAskForPush(
  permission: NotificationPermission,
  now = Date.now(),
  storage: Pick<Storage, 'getItem'> = localStorage,
): boolean {
  if (permission !== 'default') return false;
  let memory: PromptMemory | null = null;
  try {
    memory = JSON.parse(storage.getItem(PUSH_PROMPT_KEY) ?? 'null') as PromptMemory | null;
  } catch {
    memory = null;
  }
  if (!memory) return true;
  if (memory.answer === 'not-now') return now - memory.at >= PUSH_PROMPT_SNOOZE_MS;
  return false;
}
