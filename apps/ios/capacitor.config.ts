import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The iOS app: the built shell and remotes (www/, put together by scripts/assemble-www.mjs) in a
 * Capacitor 8 web view, served as capacitor://localhost. The API origin is the shell build's
 * VERE_API_ORIGIN (README). `npx nx run ios:sync` regenerates ios/ from this file; the committed
 * project must not change (test/native-project.test.ts).
 */
const config: CapacitorConfig = {
  appId: 'app.vere.ios',
  appName: 'Vere',
  webDir: 'www',
  // Built for the store: no web inspector, logs only for debug builds.
  loggingBehavior: 'debug',
  ios: {
    scheme: 'App',
    // The frame pads itself with env(safe-area-inset-*) (viewport-fit=cover); the web view spans the screen.
    contentInset: 'never',
    backgroundColor: '#0d0a1a',
    // Links to other sites open Safari instead of replacing the app.
    limitsNavigationsToAppBoundDomains: false,
  },
  plugins: {
    SplashScreen: {
      // The shell hides it once its own splash (same colours) is on screen (features/native).
      launchAutoHide: false,
      backgroundColor: '#0d0a1a',
      showSpinner: false,
    },
    PushNotifications: {
      // A push that arrives while the app is open still shows its banner.
      presentationOptions: ['badge', 'sound', 'alert'],
    },
    Keyboard: {
      // The web view shrinks above the keyboard, so the chat composer and proof forms stay in view.
      resize: 'native',
      resizeOnFullScreen: true,
    },
    StatusBar: {
      overlaysWebView: true,
      style: 'DARK',
    },
  },
};

export default config;
