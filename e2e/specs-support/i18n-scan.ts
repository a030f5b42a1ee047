import { NAMESPACES } from '@envmon/shared';
import type { Page } from '@playwright/test';

/**
 * An i18next key shown instead of its text: a missing key comes out as itself, e.g.
 * 'layout.header.size' or 'device.fields.contactPhone'; every namespace of the shared resources.
 */
export const UNTRANSLATED_KEY = new RegExp(String.raw`\b(?:${NAMESPACES.join('|')})\.[a-zA-Z][\w.-]*`, 'g');

export function findKeys(text: string): string[] {
  return text.match(UNTRANSLATED_KEY) ?? [];
}

/**
 * Everything the user can read on the page now: the document title, the rendered text, and the
 * placeholders, labels and tooltips of visible elements.
 */
export async function readableText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')) {
      if (!element.checkVisibility()) continue;
      for (const attribute of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(attribute);
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** The untranslated keys visible on the page (empty when every text is translated). */
export async function visibleUntranslatedKeys(page: Page): Promise<string[]> {
  return (await readableText(page)).flatMap(findKeys);
}
