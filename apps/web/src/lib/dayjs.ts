import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Language } from '@envmon/shared';

// Lets screens write dates the locale's own way ('LL' is 2026年11月21日 or November 21, 2026).
dayjs.extend(localizedFormat);

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** Dates (antd pickers included) follow the console's language. */
export function setDayjsLanguage(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
}

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formatDateTime(epochMs: number): string {
  return dayjs(epochMs).format(DATE_TIME_FORMAT);
}

export { dayjs };
