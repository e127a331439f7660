import { App } from '@capacitor/app';
import { CapacitorHttp } from '@capacitor/core';
import { Keyboard } from '@capacitor/keyboard';
import { PushNotifications } from '@capacitor/push-notifications';
import { SplashScreen } from '@capacitor/splash-screen';
import { StatusBar, Style } from '@capacitor/status-bar';
import { apiFetch, reportClientError, sessionStore, setPublicOrigin } from '@vere/web-session';
import { routeForNotification } from '../../shared/utils/notification-route';
import { configuredApiOrigin, routeApiCalls } from './utils/api-origin';
import { pathForAppUrl } from './utils/app-links';

/**
 * The iOS app's side of the shell, loaded only inside the Capacitor wrapper (a chunk the web never
 * fetches): links, push, the status bar, the keyboard and the API origin. Every plugin it calls is
 * listed in apps/ios (package.json and the generated Xcode project).
 */

/** identity's endpoint for an APNs device token (a device of platform `ios`). */
export const IOS_PUSH_PATH = '/api/identity/me/push/ios';

type Navigate = (path: string) => void;

let navigateTo: Navigate = () => undefined;
let started = false;
let latestToken: string | null = null;
let sentFor: string | null = null;

const report = (what: string, error: unknown) =>
  reportClientError({
    kind: 'error',
    source: 'shell',
    message: `ios ${what}: ${error instanceof Error ? error.message : String(error)}`,
  });

/** The API origin and the native cookie path: before any call (startUp's session lookup). */
export function routeApiForApp(): void {
  const origin = configuredApiOrigin();
  if (!origin) return;
  // Links people share (pod invites) name the server, never capacitor://localhost.
  setPublicOrigin(origin);
  routeApiCalls(window, origin, async ({ url, method, headers, body }) => {
    const answer = await CapacitorHttp.request({
      url,
      method,
      headers,
      data: body === undefined ? undefined : JSON.parse(body),
      responseType: 'json',
    });
    return { status: answer.status, headers: answer.headers, data: answer.data };
  });
}

/** Starts once per app run; later calls only point navigation at the current router. */
export async function startNativeApp(navigate: Navigate): Promise<void> {
  navigateTo = navigate;
  if (started) return;
  started = true;
  await Promise.all([listenForLinks(), listenForPush(), followTheme(), followKeyboard()]).catch((error) =>
    report('start', error),
  );
  await SplashScreen.hide({ fadeOutDuration: 200 }).catch(() => undefined);
}

/**
 * A cold start on a link (the app was launched to open it): the page to start on, or null for the
 * home. Asked before the first render (bootstrap.tsx), so the router starts there, as a browser opening
 * that URL would; navigating there once the app runs raced the guard's redirect of a signed-out `/`.
 */
export async function launchPath(): Promise<string | null> {
  const url = (await App.getLaunchUrl())?.url;
  const path = url ? pathForAppUrl(url) : null;
  return path && path !== '/' ? path : null;
}

async function listenForLinks(): Promise<void> {
  // A link opened while the app runs.
  await App.addListener('appUrlOpen', ({ url }) => {
    const path = pathForAppUrl(url);
    if (path && path !== `${location.pathname}${location.search}`) navigateTo(path);
  });
}

async function listenForPush(): Promise<void> {
  await PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => {
    const path = routeForNotification(notification?.data);
    if (path) navigateTo(path);
  });
  await PushNotifications.addListener('registration', ({ value }) => {
    latestToken = value;
    void sendToken();
  });
  await PushNotifications.addListener('registrationError', ({ error }) => report('push registration', error));
  // A token is sent once per signed-in user; a sign-in after the token arrived sends it then.
  sessionStore.subscribe(() => void sendToken());
  // Apple asks apps to register at every launch: the token can change. Asking is the moment's job.
  const { receive } = await PushNotifications.checkPermissions();
  if (receive === 'granted') await PushNotifications.register();
}

async function sendToken(): Promise<void> {
  const { status, user } = sessionStore.getState();
  if (!latestToken || status !== 'signed-in' || !user) return;
  const key = `${user.id}:${latestToken}`;
  if (sentFor === key) return;
  sentFor = key;
  try {
    await apiFetch(IOS_PUSH_PATH, { method: 'POST', json: { token: latestToken } });
  } catch (error) {
    sentFor = null;
    report('push token', error);
  }
}

/**
 * Asks iOS for permission to show notifications and registers with APNs when given. Called at the
 * same moment the web asks for web push (see `askForNativePush` in ./index).
 */
export async function askForIosPush(): Promise<'granted' | 'denied'> {
  const { receive } = await PushNotifications.requestPermissions();
  if (receive !== 'granted') return 'denied';
  await PushNotifications.register();
  return 'granted';
}

/** The status bar's text follows the theme: light text on the dark theme, dark text on the light one. */
async function followTheme(): Promise<void> {
  const apply = () =>
    StatusBar.setStyle({ style: document.documentElement.dataset.theme === 'light' ? Style.Light : Style.Dark });
  new MutationObserver(() => void apply().catch(() => undefined)).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme'],
  });
  await apply();
}

/** While the keyboard is up the tab bar steps aside (shell.css), so a composer or form sits right above it. */
async function followKeyboard(): Promise<void> {
  const root = document.documentElement;
  await Keyboard.addListener('keyboardWillShow', () => root.classList.add('keyboard-open'));
  await Keyboard.addListener('keyboardWillHide', () => root.classList.remove('keyboard-open'));
}
