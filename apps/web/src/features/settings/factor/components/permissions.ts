/** The monitor-factor page's resource code; its changes need the write code (writeCode). */
export const FACTOR_PAGE = 'settings.factor';
