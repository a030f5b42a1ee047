import { afterAll, afterEach, expect } from 'vitest';

// The unit project runs the server's and the packages' tests too, with this setup: what follows is the
// console's (React, antd, the translations), loaded for its files only — it takes seconds a file.
const WEB_FILE = /[\\/]apps[\\/]web[\\/]/;
if (WEB_FILE.test(expect.getState().testPath ?? '')) await setUpConsole();

async function setUpConsole(): Promise<void> {
  const [{ configure }, { LANGUAGES }, { loadLanguage }] = await Promise.all([
    import('@testing-library/react'),
    import('@envmon/shared'),
    import('../lib/i18n'),
  ]);
  // The console fetches a language's translations when it shows it (lib/i18n.ts); tests read both, at once.
  await Promise.all(LANGUAGES.map(loadLanguage));
  // Components validate and render asynchronously (antd forms, lazy tabs); on a loaded 2-core
  // machine that can take over the library's default second. Waits give up after 5 s instead.
  configure({ asyncUtilTimeout: 5_000 });
}

// Toasts raised outside React (lib/notify.ts) fall back to antd's static message when no <App> holder is
// mounted, as in these tests: it renders into a React root of its own, outside what cleanup() unmounts, and
// closes on a timer seconds later. A file's last toast could so render after the jsdom environment was torn
// down, throwing 'window is not defined' as an unhandled error of the run. Close every static toast,
// notification and dialog after each test.
afterEach(async () => {
  if (typeof window === 'undefined') return;
  const { message, Modal, notification } = await import('antd');
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
});

// React flushes a commit's passive effects on its scheduler's next turn (setImmediate), reading
// `window.event` as it does, and antd's motions end on a timer of up to 500 ms (antd _util/motion.ts)
// when no CSS transition runs. Let such turns and timers run while the window still exists.
const MOTION_DEADLINE_MS = 500;
const GRACE_MS = MOTION_DEADLINE_MS + 100;

afterAll(async () => {
  if (typeof window === 'undefined') return;
  await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
});
