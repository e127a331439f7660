import { isNativePlatform } from './utils/platform';

export { isNativePlatform };

/** The iOS wrapper's module: a chunk of its own, never fetched by the web. */
const load = () => import(/* webpackChunkName: "native-app" */ './native-app');

/**
 * The moment the web asks for web push, the iOS app asks for notifications: call this there.
 * Resolves 'unsupported' on the web (the web's own push applies), else what the person chose.
 */
export async function askForNativePush(): Promise<'granted' | 'denied' | 'unsupported'> {
  if (!isNativePlatform()) return 'unsupported';
  return (await load()).askForIosPush();
}

/** Inside the app: the API origin, before the first call. */
export async function prepareNativeApp(): Promise<void> {
  if (isNativePlatform()) (await load()).routeApiForApp();
}

/**
 * Inside the app, before the first render: a cold start on a link (a pod invite, Google sign-in's
 * return) puts that page in the address, so the router starts on it.
 */
export async function startOnLaunchLink(): Promise<void> {
  if (!isNativePlatform()) return;
  const path = await (await load()).launchPath();
  if (path && path !== `${location.pathname}${location.search}`) history.replaceState(null, '', path);
}

/** Inside the app: links, push, status bar and keyboard, navigating with the router's navigate. */
export function startNativeApp(navigate: (path: string) => void): void {
  if (!isNativePlatform()) return;
  void load().then((native) => native.startNativeApp(navigate));
}
