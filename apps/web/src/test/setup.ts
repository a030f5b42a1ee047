import { configure } from '@testing-library/react';
import { afterAll } from 'vitest';

// Components validate and render asynchronously (antd forms, lazy tabs); on a loaded 2-core
// machine that can take over the library's default second. Waits give up after 5 s instead.
configure({ asyncUtilTimeout: 5_000 });

// React flushes a commit's passive effects on its scheduler's next turn (setImmediate), reading
// `window.event` as it does. A file's last unmount can leave one such turn queued; if the jsdom
// environment is torn down first, it throws 'window is not defined' as an unhandled error of the run.
// Let the queued turns run while the window still exists.
afterAll(async () => {
  if (typeof window === 'undefined') return;
  await new Promise((resolve) => setTimeout(resolve, 20));
});
