import { I18N_RESOURCES, LANGUAGES, type MessageKey } from '@envmon/shared';

/**
 * The commands that need a dynamic code while the guarded list cannot be read: the dangerous ones (password,
 * calibration, run mode, reboot, emergency stop, the first QC actions). The server decides in the end: it
 * answers dynamicCodeRequired for any other it guards, and the panel asks then.
 */
export const DEFAULT_GUARDED_CNS: readonly string[] = [
  '1072',
  '3011',
  '3021',
  '3042',
  '3043',
  '3045',
  '3080',
  '3081',
  '3082',
];

/** Whether to ask for a code before sending `cn`: the server's list when read, else the defaults. */
export const needsCode = (cn: string, guarded: readonly string[] | undefined): boolean =>
  (guarded ?? DEFAULT_GUARDED_CNS).includes(cn);

/** The server's refusals that the code box answers: none given, a wrong one, one used already. */
const CODE_REFUSALS = ['dynamicCodeRequired', 'dynamicCodeWrong', 'dynamicCodeReused'] as const satisfies MessageKey[];
export type CodeRefusal = (typeof CODE_REFUSALS)[number];

const messageOf = (key: MessageKey) =>
  LANGUAGES.map((lang) => (I18N_RESOURCES[lang].common.messages as Record<string, string | undefined>)[key]);

/**
 * Which code refusal a failure's text is: the server words its refusals in the caller's language (either
 * language, so a change of language between the call and its answer is no matter); null for any other.
 */
export function codeRefusalOf(desc: string): CodeRefusal | null {
  return CODE_REFUSALS.find((key) => messageOf(key).includes(desc)) ?? null;
}
