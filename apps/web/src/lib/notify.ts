import { message } from 'antd';
import type { ReactNode } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import { LIMITS } from '@envmon/shared';

/**
 * Toasts raised outside React (the api client, global error handlers) go through the message
 * instance of antd's <App>, so they follow the current theme and locale. The static `message`
 * is only a fallback for the moment before the holder mounts.
 */
let instance: MessageInstance | null = null;

export function setMessageInstance(next: MessageInstance | null): void {
  instance = next;
}

function current(): MessageInstance {
  return instance ?? message;
}

const MS_PER_SECOND = 1000;

export interface Notifier {
  success(text: string): void;
  warning(text: string): void;
  /** Errors stay for the spec's toast duration (SPEC section 9). */
  error(text: string, durationMs: number): void;
}

export const notifier: Notifier = {
  success(text) {
    void current().success(text);
  },
  warning(text) {
    void current().warning(text);
  },
  error(text, durationMs = LIMITS.toastDurationMs) {
    void current().error({ content: text, duration: durationMs / MS_PER_SECOND });
  },
};

/** A message that stays until closed, replaced in place by the next call with the same key (export progress). */
export function showPending(key: string, content: ReactNode): void {
  void current().open({ key, type: 'loading', content, duration: 0 });
}

export function closeMessage(key: string): void {
  current().destroy(key);
}
