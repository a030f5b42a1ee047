import { useSyncExternalStore } from 'react';

/** The session token lives in localStorage so that every tab of the console shares one sign-in. */
const TOKEN_KEY = 'token';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export const tokenStore = {
  get: (): string | null => {
    return localStorage.getItem(TOKEN_KEY);
  },
  set: (token: string): void => {
    localStorage.setItem(TOKEN_KEY, token);
    notify();
  },
  clear: (): void => {
    localStorage.removeItem(TOKEN_KEY);
    notify();
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    // Another tab signing in or out changes the token too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);
}
