import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse as parsePlist } from 'plist';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const APP = join(import.meta.dirname, '..');
const IOS = join(APP, 'ios', 'App');

type Plist = Record<string, unknown>;
const readPlist = async (path: string) => parsePlist(await readFile(join(IOS, path), 'utf8')) as Plist;

/** The Xcode project's files as committed (what git tracks under ios/), path → content. */
async function committedProject(): Promise<Map<string, Buffer>> {
  const { stdout } = await run('git', ['ls-files', '-z', 'ios'], { cwd: APP });
  const files = stdout.split('\0').filter(Boolean);
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(join(APP, f))] as const)));
}

describe('the iOS app (apps/ios): the committed Xcode project is what `cap sync ios` makes', () => {
  let before: Map<string, Buffer>;
  let changed: string[];

  beforeAll(async () => {
    before = await committedProject();
    expect(before.size).toBeGreaterThan(10);
    // The built shell and remotes, put together as the app's www/ (the test target builds them first).
    await run(process.execPath, ['scripts/assemble-www.mjs'], { cwd: APP });
    await run(process.execPath, [require.resolve('@capacitor/cli/bin/capacitor'), 'sync', 'ios'], {
      cwd: APP,
      env: { ...process.env, CI: 'true' },
    });
    changed = [];
    for (const [file, content] of before) {
      const now = existsSync(join(APP, file)) ? await readFile(join(APP, file)) : null;
      if (!now || !now.equals(content)) {
        changed.push(file);
        // Put the committed file back: the test reports, it does not leave the tree changed.
        await writeFile(join(APP, file), content);
      }
    }
  }, 300_000);

  it('leaves every committed file of the project unchanged', () => {
    expect(changed, 'run `npx nx run ios:sync` and commit apps/ios/ios').toEqual([]);
  });

  it('copies the built app with its remotes into the bundle', async () => {
    const index = await readFile(join(IOS, 'App', 'public', 'index.html'), 'utf8');
    expect(index).toContain('http-equiv="Content-Security-Policy"');
    const remotes = JSON.parse(await readFile(join(IOS, 'App', 'public', 'remotes.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(Object.keys(remotes).sort()).toEqual(['account', 'challenges', 'connect', 'playbooks']);
    // Each listed entry is in the bundle, with the manifest the warm-up reads beside it.
    expect(remotes.connect).toBe('/remotes/connect/remoteEntry.js');
    for (const file of ['remoteEntry.js', 'mf-manifest.json'])
      expect(existsSync(join(IOS, 'App', 'public', 'remotes', 'connect', file))).toBe(true);
  });

  it("gives the app the web's policy as a <meta>, with the API origin it calls", async () => {
    await run(process.execPath, ['scripts/assemble-www.mjs'], {
      cwd: APP,
      env: { ...process.env, VERE_API_ORIGIN: 'https://vere.app/' },
    });
    const index = await readFile(join(APP, 'www', 'index.html'), 'utf8');
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(index)?.[1] ?? '';
    expect(policy).toContain("connect-src 'self' https://vere.app;");
    expect(policy).toContain("script-src 'self' 'sha256-");
    // A <meta> policy cannot carry frame-ancestors (browsers ignore it there and warn).
    expect(policy).not.toContain('frame-ancestors');
  });

  it('links every plugin the app calls through Swift Package Manager', async () => {
    const manifest = await readFile(join(IOS, 'CapApp-SPM', 'Package.swift'), 'utf8');
    for (const product of [
      'Capacitor',
      'CapacitorApp',
      'CapacitorKeyboard',
      'CapacitorPushNotifications',
      'CapacitorSplashScreen',
      'CapacitorStatusBar',
      'RevenuecatPurchasesCapacitor',
    ]) {
      expect(manifest).toContain(`.product(name: "${product}"`);
    }
    const config = JSON.parse(await readFile(join(IOS, 'App', 'capacitor.config.json'), 'utf8')) as {
      appId: string;
      appName: string;
    };
    expect(config).toMatchObject({ appId: 'app.vere.ios', appName: 'Vere' });
  });

  it('signs with push and associated-domain entitlements, under the bundle id app.vere.ios', async () => {
    const entitlements = await readPlist('App/App.entitlements');
    expect(entitlements['aps-environment']).toBe('development');
    expect(entitlements['com.apple.developer.associated-domains']).toEqual(
      expect.arrayContaining(['applinks:vere.app']),
    );
    const project = await readFile(join(IOS, 'App.xcodeproj', 'project.pbxproj'), 'utf8');
    expect(project.match(/CODE_SIGN_ENTITLEMENTS = App\/App\.entitlements;/g)).toHaveLength(2);
    expect(project.match(/PRODUCT_BUNDLE_IDENTIFIER = app\.vere\.ios;/g)).toHaveLength(2);
  });

  it('declares the name, the URL scheme, remote notifications and the status bar in Info.plist', async () => {
    const info = await readPlist('App/Info.plist');
    expect(info.CFBundleDisplayName).toBe('Vere');
    expect(info.CFBundleURLTypes).toEqual([expect.objectContaining({ CFBundleURLSchemes: ['vere'] })]);
    expect(info.UIBackgroundModes).toContain('remote-notification');
    expect(info.UIViewControllerBasedStatusBarAppearance).toBe(true);
    expect(info.ITSAppUsesNonExemptEncryption).toBe(false);
  });

  it("goes back through the web app's history with the edge swipe", async () => {
    const scene = await readFile(join(IOS, 'App', 'SceneDelegate.swift'), 'utf8');
    expect(scene).toContain('rootViewController = VereBridgeViewController()');
    expect(scene).toContain('webView?.allowsBackForwardNavigationGestures = true');
  });

  it('hands APNs device tokens to the push plugin', async () => {
    const delegate = await readFile(join(IOS, 'App', 'AppDelegate.swift'), 'utf8');
    expect(delegate).toContain('.capacitorDidRegisterForRemoteNotifications');
    expect(delegate).toContain('.capacitorDidFailToRegisterForRemoteNotifications');
  });
});
