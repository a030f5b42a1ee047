import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { LANGUAGES, type Language } from '@envmon/shared';
import { FALLBACK_LANGUAGE, i18n } from './i18n';

// Lets screens write dates the locale's own way ('LL' is 2026年11月21日 or November 21, 2026).
dayjs.extend(localizedFormat);

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/**
 * Dates (antd pickers included) follow the console's language: set from i18next's, now and at every change,
 * so that the pages before sign-in, which show no date, need not download dayjs (scripts/bundle-budget.mjs).
 */
function followLanguage(language: string): void {
  dayjs.locale(DAYJS_LOCALES[isLanguage(language) ? language : FALLBACK_LANGUAGE]);
}
followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formatDateTime(epochMs: number): string {
  return dayjs(epochMs).format(DATE_TIME_FORMAT);
}

export { dayjs };
