import type { Locator, Page } from '@playwright/test';

/** A declarative list's table rows holding `text`. */
export function rowWith(screen: Locator, text: string): Locator {
  return screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
}

/** Confirms the list's delete dialog ('确定' in Chinese, 'OK' in English). */
export async function confirmDelete(page: Page): Promise<void> {
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /^确\s*定$|^OK$/ })
    .click();
}
