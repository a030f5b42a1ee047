import { I18N_RESOURCES, LANGUAGES, type MessageKey } from '@envmon/shared';
import { isApiError } from '../../../lib/api';

/** The server's refusals that a dynamic-code field answers: none given, a wrong one, one used already. */
const CODE_REFUSALS = ['dynamicCodeRequired', 'dynamicCodeWrong', 'dynamicCodeReused'] as const satisfies MessageKey[];
export type CodeRefusal = (typeof CODE_REFUSALS)[number];

const messagesOf = (key: MessageKey): (string | undefined)[] =>
  LANGUAGES.map((lang) => (I18N_RESOURCES[lang].common.messages as Record<string, string | undefined>)[key]);

/**
 * Which code refusal a failure's text is: the server words its refusals in the caller's language (either
 * language, so a change of language between the call and its answer is no matter); null for any other.
 */
export function codeRefusalOf(desc: string): CodeRefusal | null {
  return CODE_REFUSALS.find((key) => messagesOf(key).includes(desc)) ?? null;
}

/** The server refused the command for want of a dynamic code. */
export const asksDynamicCode = (error: unknown): boolean =>
  isApiError(error) && codeRefusalOf(error.desc) === 'dynamicCodeRequired';
