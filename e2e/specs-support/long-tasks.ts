import { expect, type Page, type TestInfo } from '@playwright/test';

/** The longest a task may block the page's thread while a smoothness spec measures it. */
export const LONGEST_TASK_MS = 200;

/** Starts collecting the page's long tasks (the browser's report of work that blocked its thread over 50 ms). */
export async function observeLongTasks(page: Page): Promise<void> {
  const observing = await page.evaluate(() => {
    if (!PerformanceObserver.supportedEntryTypes.includes('longtask')) return false;
    const tasks: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    }).observe({ type: 'longtask' });
    return true;
  });
  expect(observing, 'the browser reports long tasks').toBe(true);
}

/**
 * The long tasks since observeLongTasks: the longest is reported on the test (an annotation, as a figure)
 * and may not exceed LONGEST_TASK_MS.
 */
export async function expectNoLongTask(page: Page, info: TestInfo): Promise<void> {
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  const longest = Math.max(0, ...tasks);
  info.annotations.push({
    type: 'longest task',
    description: `${Math.round(longest)} ms of ${tasks.length} long tasks`,
  });
  expect(longest, `long tasks: ${tasks.map((d) => Math.round(d)).join(', ')} ms`).toBeLessThanOrEqual(LONGEST_TASK_MS);
}
