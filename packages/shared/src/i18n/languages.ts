/**
 * The console's languages, in a module of their own: a schema or call that names them does not
 * bring every translation along (the console fetches only the language it shows).
 */
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
