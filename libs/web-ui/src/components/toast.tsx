import { lazy, useEffect, useRef, useState } from 'react';
import type * as Sonner from 'sonner';
import type { ToasterProps } from 'sonner';
import { useTheme } from './use-theme';

export type { ToasterProps };

type SonnerModule = typeof Sonner;

// sonner stays out of the first-paint bundle (see loadToasts below).
const loadSonner = () => import('sonner');

/** sonner's Toaster, code-split. Most apps want ToastHost instead. */
export const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

const TOAST_EVENT = 'vere:toast';

type ToastKind = 'success' | 'error' | 'info';
interface ToastDetail {
  kind: ToastKind;
  message: string;
}

function emit(kind: ToastKind, message: string) {
  window.dispatchEvent(new CustomEvent<ToastDetail>(TOAST_EVENT, { detail: { kind, message } }));
}

/**
 * Toasts that cross bundle borders. Remotes carry their own copy of this kit (only the session and
 * React are shared), so they raise a DOM event and the one ToastHost on the page shows it.
 */
export const notify = {
  success: (message: string) => emit('success', message),
  error: (message: string) => emit('error', message),
  info: (message: string) => emit('info', message),
};

function show(sonner: SonnerModule, { kind, message }: ToastDetail) {
  // Spec: only one app toast at a time.
  sonner.toast.dismiss();
  sonner.toast[kind](message);
}

// sonner (9 KiB gzipped) is off the first paint's path (decision 0020): it is fetched on the first
// toast, or when the shell's warm-up calls prefetchToasts() once the first screen has settled.
let loading: Promise<SonnerModule> | null = null;
let loaded: SonnerModule | null = null;
const onLoaded = new Set<(module: SonnerModule) => void>();

/**
 * One load at a time; a failed one is forgotten, so the next attempt fetches again. (A chunk load
 * can fail without the network being down: the bundler gives up on a script after 120 s of the
 * page's clock, which a test's fake clock or a phone waking from sleep jumps past.)
 */
function loadToasts(): Promise<SonnerModule> {
  loading ??= loadSonner().then(
    (module) => {
      loaded = module;
      for (const listener of onLoaded) listener(module);
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Fetches the toast library ahead of the first toast (the shell calls it once its first screen is done). */
export function prefetchToasts(): void {
  loadToasts().catch(() => {
    // The first toast tries again, and reports it if that fails too.
  });
}

/**
 * Mount once per page (the shell, or a remote running standalone). A toast raised before sonner is
 * there is queued, starts the load, and is shown when it arrives; if the load fails, the next
 * attempt (at once, then on every later toast) fetches again: no toast is dropped.
 */
export function ToastHost(props: ToasterProps) {
  const [theme] = useTheme();
  const [sonner, setSonner] = useState<SonnerModule | null>(loaded);
  const queued = useRef<ToastDetail[]>([]);

  useEffect(() => {
    if (loaded) setSonner(loaded);
    const listener = (module: SonnerModule) => setSonner(module);
    onLoaded.add(listener);
    return () => {
      onLoaded.delete(listener);
    };
  }, []);

  useEffect(() => {
    // Runs after the Toaster child has subscribed, so flushed toasts are not lost.
    if (sonner) for (const detail of queued.current.splice(0)) show(sonner, detail);
    const onToast = (event: Event) => {
      const detail = (event as CustomEvent<ToastDetail>).detail;
      if (sonner) {
        show(sonner, detail);
        return;
      }
      queued.current.push(detail);
      loadToasts()
        .catch(() => loadToasts())
        .catch((error: unknown) => console.error('[web-ui] toasts unavailable; the next toast tries again', error));
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, [sonner]);

  if (!sonner) return null;
  const { Toaster: SonnerToaster } = sonner;
  // Below the phone's top bar when a page has one (the shell sets --vui-toast-top), else 24 px / 16 px.
  return (
    <SonnerToaster
      position="top-center"
      richColors
      closeButton
      theme={theme}
      offset={{ top: 'var(--vui-toast-top, 24px)' }}
      mobileOffset={{ top: 'var(--vui-toast-top, 16px)' }}
      {...props}
    />
  );
}
