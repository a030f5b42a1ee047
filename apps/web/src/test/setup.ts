import { configure } from '@testing-library/react';
import { afterAll } from 'vitest';

// Components validate and render asynchronously (antd forms, lazy tabs); on a loaded 2-core
// machine that can take over the library's default second. Waits give up after 5 s instead.
configure({ asyncUtilTimeout: 5_000 });

// React flushes a commit's passive effects on its scheduler's next turn (setImmediate), reading
// `window.event` as it does. A file's last test can leave such work queued — or due: antd's motions
// (a closing popover, dialog or toast) end on a timer when no CSS transition runs, after at most their
// 500 ms deadline (antd _util/motion.ts), and then render. If the jsdom environment is torn down first,
// that turn throws 'window is not defined' as an unhandled error of the run (seen with 20 ms of grace
// on a loaded CI machine). Let every such timer and turn run while the window still exists.
const MOTION_DEADLINE_MS = 500;
const GRACE_MS = MOTION_DEADLINE_MS + 100;

afterAll(async () => {
  if (typeof window === 'undefined') return;
  await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
});
