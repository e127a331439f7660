import { lazy, useEffect, useRef, useState } from 'react';
import type * as Sonner from 'sonner';
import type { ToasterProps } from 'sonner';
import { useTheme } from './use-theme';

export type { ToasterProps };

type SonnerModule = typeof Sonner;

// sonner stays out of the first-paint bundle: it is fetched after the app has rendered.
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

/**
 * Calls `fn` a few seconds after the page has loaded, when the browser is idle; returns a cancel.
 * (Idle alone is too early: the browser is idle while it waits for the first area's code.)
 */
function afterStartUp(fn: () => void, delayMs = 3000): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(fn, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(id);
    } else fn();
  };
  const wait = () => {
    const id = window.setTimeout(idle, delayMs);
    cancel = () => window.clearTimeout(id);
  };
  if (document.readyState === 'complete') wait();
  else {
    window.addEventListener('load', wait, { once: true });
    cancel = () => window.removeEventListener('load', wait);
  }
  return () => cancel();
}

/** Mount once per page (the shell, or a remote running standalone). Toasts raised before sonner arrives are queued. */
export function ToastHost(props: ToasterProps) {
  const [theme] = useTheme();
  const [sonner, setSonner] = useState<SonnerModule | null>(null);
  const queued = useRef<ToastDetail[]>([]);

  const [wanted, setWanted] = useState(false);

  // sonner is fetched on the first toast, or a few seconds after start-up: never on the
  // first paint's critical path (decision 0020).
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const idle = afterStartUp(want);
    window.addEventListener(TOAST_EVENT, want, { once: true });
    return () => {
      idle();
      window.removeEventListener(TOAST_EVENT, want);
    };
  }, [wanted]);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadSonner().then(
      (module) => live && setSonner(module),
      (error: unknown) => console.error('[web-ui] toasts unavailable', error),
    );
    return () => {
      live = false;
    };
  }, [wanted]);

  useEffect(() => {
    // Runs after the Toaster child has subscribed, so flushed toasts are not lost.
    if (sonner) for (const detail of queued.current.splice(0)) show(sonner, detail);
    const onToast = (event: Event) => {
      const detail = (event as CustomEvent<ToastDetail>).detail;
      if (sonner) show(sonner, detail);
      else queued.current.push(detail);
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, [sonner]);

  if (!sonner) return null;
  const { Toaster: SonnerToaster } = sonner;
  return <SonnerToaster position="top-center" richColors closeButton theme={theme} {...props} />;
}
