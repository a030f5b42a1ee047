/**
 * The loaders of every translation file, fetched with the signed-in console's first namespace (lib/i18n.ts), so
 * that the login page's download does not carry one for each of the console's files.
 */
export const TRANSLATION_FILES = import.meta.glob<Record<string, unknown>>('../../../../packages/shared/src/i18n/*/*.json', {
  import: 'default',
});
