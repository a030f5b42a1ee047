import { type Alarm, formatStationTime, I18N_RESOURCES, type Language, vocabularyLabel } from '@envmon/shared';

/**
 * The messages' wording, from the wxAlarm namespace's `notify` section (both languages live
 * with the console's texts, so the key test covers them too).
 */
type NotifyKey = keyof (typeof I18N_RESOURCES)['zh-CN']['wxAlarm']['notify'];

const BEIJING_OFFSET_MS = 8 * 3600_000;

export function notifyText(language: Language, key: NotifyKey, values: Record<string, string | number> = {}): string {
  const template = I18N_RESOURCES[language].wxAlarm.notify[key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A platform time (the test message's 'now') in Beijing time, the platform's zone (DESIGN.md 'Data'). */
export function formatTime(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** An alarm's start on its station's clock, as the console and the alarm export show it. */
const alarmTime = (alarm: Alarm): string => formatStationTime(alarm.beginDate, alarm.device.utcOffsetMinutes);

function alarmBody(language: Language, alarm: Alarm): string {
  const lang = language === 'zh-CN' ? 'zh' : 'en';
  const factor = alarm.factor
    ? lang === 'en'
      ? (alarm.factor.factorNameEn ?? alarm.factor.factorName)
      : alarm.factor.factorName
    : null;
  return notifyText(language, 'alarm', {
    type: vocabularyLabel('alarmType', alarm.alarmType, lang),
    level: vocabularyLabel('alarmLevel', alarm.alarmLevel, lang),
    device: alarm.device.deviceName,
    code: alarm.deviceCode,
    time: alarmTime(alarm),
    detail:
      factor === null
        ? ''
        : notifyText(language, 'detail', {
            factor,
            value: alarm.alarmValue ?? '-',
            standard: alarm.standardValue ?? '-',
          }),
  });
}

export function raisedText(language: Language, alarm: Alarm): string {
  return notifyText(language, 'raised', { body: alarmBody(language, alarm) });
}

export function reminderText(language: Language, alarm: Alarm, now: number): string {
  const minutes = Math.max(0, Math.round((now - alarm.beginDate) / 60_000));
  return notifyText(language, 'reminder', { minutes, body: alarmBody(language, alarm) });
}

export function digestText(language: Language, alarms: readonly Alarm[], windowSeconds: number): string {
  const lines = alarms.map((a) =>
    notifyText(language, 'digestLine', {
      device: a.device.deviceName,
      code: a.deviceCode,
      time: alarmTime(a),
    }),
  );
  return notifyText(language, 'digest', { count: alarms.length, seconds: windowSeconds, lines: lines.join('\n') });
}
