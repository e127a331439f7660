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

/** Mount once per page (the shell, or a remote running standalone). Toasts raised before sonner arrives are queued. */
export function ToastHost(props: ToasterProps) {
  const [theme] = useTheme();
  const [sonner, setSonner] = useState<SonnerModule | null>(null);
  const queued = useRef<ToastDetail[]>([]);

  useEffect(() => {
    let live = true;
    loadSonner().then(
      (module) => live && setSonner(module),
      (error: unknown) => console.error('[web-ui] toasts unavailable', error),
    );
    return () => {
      live = false;
    };
  }, []);

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
