/** Query keys of the WeChat alarm settings (STYLE.md rule 7). */
export const wxAlarmKeys = {
  settings: ['wxAlarm', 'settings'] as const,
};
