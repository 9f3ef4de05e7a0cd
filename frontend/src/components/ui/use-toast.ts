import { useSyncExternalStore } from 'react';

/** Toast behaviour constants from spec section 9. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast stays in the list (closed) before it is dropped. */
export const TOAST_REMOVE_DELAY_MS = 1000000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  /** 'destructive' for errors (spec section 8: "Error toasts use the destructive style"). */
  variant?: ToastVariant;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

/*
 * A module-level store rather than React state, so code outside components (fetchers, event handlers after
 * navigation) can raise a toast; the single <Toaster /> subscribes to it.
 */
let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissToast(id?: string): void {
  toasts.forEach((item) => {
    if ((id === undefined || item.id === id) && !removalTimers.has(item.id)) {
      removalTimers.set(
        item.id,
        setTimeout(() => {
          removalTimers.delete(item.id);
          setToasts(toasts.filter((t) => t.id !== item.id));
        }, TOAST_REMOVE_DELAY_MS),
      );
    }
  });
  setToasts(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

/** Show a toast. Only the newest is kept (TOAST_LIMIT), so a new toast replaces the one on screen. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  const id = String(++nextId);
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, () => toasts);
  return { toasts: current, toast, dismiss: dismissToast };
}
