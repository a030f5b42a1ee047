import { expect, type Locator, type Page } from '@playwright/test';

/** Helpers of the query and report specs: picking from antd selects, searching until the demo's data is there, chart pixels. */

/** The open select dropdown (antd keeps closed ones in the DOM, hidden). */
export function openSelectDropdown(page: Page): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
}

/**
 * Opens `select` and picks the option labelled `label`, typing `search` first where the list is long (the
 * dropdown renders only the options in view).
 */
export async function chooseOption(page: Page, select: Locator, label: string | RegExp, search?: string) {
  await select.click();
  if (search) await page.keyboard.type(search);
  await openSelectDropdown(page)
    .locator('.ant-select-item-option')
    .getByText(label, { exact: typeof label === 'string' })
    .click();
}

/**
 * Searches, then reads again until `ready` passes: a fresh server asks its demo stations for their history
 * on start, and searching again with the same filters asks nothing new, so later tries use the refresh
 * button of the screen.
 */
export async function searchUntil(screen: Locator, search: Locator, ready: () => Promise<unknown>): Promise<void> {
  await search.click();
  let tries = 0;
  await expect(async () => {
    if (tries++ > 0) await screen.getByRole('button', { name: /^(刷新|Refresh)$/ }).click();
    await ready();
  }).toPass({ timeout: 60_000 });
}

/**
 * The mean brightness (0–255) of the grey text drawn along the top of a chart's canvas — a title or the
 * legend's names, written in the theme's text colour: near black in the light theme, near white in the
 * dark one. Coloured pixels (legend symbols, series) are left out; -1 when nothing is drawn there.
 */
export async function chartTextBrightness(chart: Locator): Promise<number> {
  return chart
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (!context) return -1;
      const ratio = canvas.width / Math.max(1, canvas.clientWidth);
      // The top line (title or legend, 12–14 px text), in canvas pixels.
      const { data } = context.getImageData(canvas.width / 4, 0, canvas.width / 2, Math.round(28 * ratio));
      let sum = 0;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0, data[i + 3] ?? 0];
        if (a < 100 || Math.max(r, g, b) - Math.min(r, g, b) > 24) continue;
        sum += (r + g + b) / 3;
        count += 1;
      }
      return count === 0 ? -1 : sum / count;
    });
}

/** Light-theme text is near black, dark-theme text near white. */
export const LIGHT_TEXT_MAX = 110;
export const DARK_TEXT_MIN = 150;
