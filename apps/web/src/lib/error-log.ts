import { useSyncExternalStore } from 'react';
import type { ClientError } from '@envmon/shared';

/**
 * UI errors the console caught (error boundaries, window 'error', unhandled rejections). The
 * header lists them; each is also sent to the server log once through the registered reporter.
 */
export type ErrorSource = 'render' | 'error' | 'rejection';

export interface ErrorLogEntry {
  id: number;
  source: ErrorSource;
  message: string;
  stack?: string;
  url: string;
  time: number;
}

/** Enough to diagnose a session; older entries make way so a loop cannot grow memory without end. */
const MAX_ENTRIES = 100;

type Listener = () => void;
type Reporter = (error: ClientError) => void;

let entries: readonly ErrorLogEntry[] = [];
let nextId = 1;
let reporter: Reporter | null = null;
const reported = new Set<string>();
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function setErrorReporter(next: Reporter | null): void {
  reporter = next;
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    return error.stack ? { message: error.message || error.name, stack: error.stack } : { message: error.message || error.name };
  }
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

export function captureError(error: unknown, source: ErrorSource, extraStack?: string): ErrorLogEntry {
  const { message, stack } = describe(error);
  const fullStack = [stack, extraStack].filter(Boolean).join('\n') || undefined;
  const entry: ErrorLogEntry = {
    id: nextId++,
    source,
    message,
    url: window.location.href,
    time: Date.now(),
    ...(fullStack ? { stack: fullStack } : {}),
  };
  entries = [entry, ...entries].slice(0, MAX_ENTRIES);
  emit();
  // The same failure repeating (a re-render loop) is reported once.
  const fingerprint = `${message}\n${fullStack ?? ''}`;
  if (reporter && !reported.has(fingerprint)) {
    reported.add(fingerprint);
    reporter({ message, url: entry.url, time: entry.time, ...(fullStack ? { stack: fullStack } : {}) });
  }
  return entry;
}

export const errorLog = {
  list: (): readonly ErrorLogEntry[] => entries,
  clear: (): void => {
    entries = [];
    emit();
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useErrorLog(): readonly ErrorLogEntry[] {
  return useSyncExternalStore(errorLog.subscribe, errorLog.list, errorLog.list);
}
