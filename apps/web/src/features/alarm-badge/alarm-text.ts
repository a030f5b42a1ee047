import { vocabularyLabel, type Alarm } from '@envmon/shared';
import type { VocabularyLang } from '../../components/crud/cell-render';

export function alarmFactorName(alarm: Alarm, lang: VocabularyLang): string {
  if (!alarm.factor) return '';
  return lang === 'en' ? (alarm.factor.factorNameEn ?? alarm.factor.factorName) : alarm.factor.factorName;
}

/** Lines a notification can show before the rest is left to the dialog. */
const SUMMARY_LINES = 3;

/** A notification's body: one line per raised alarm (device, factor, type), the first few only. */
export function alarmSummary(alarms: readonly Alarm[], lang: VocabularyLang): string {
  const lines = alarms
    .slice(0, SUMMARY_LINES)
    .map((alarm) =>
      [alarm.device.deviceName, alarmFactorName(alarm, lang), vocabularyLabel('alarmType', alarm.alarmType, lang)]
        .filter(Boolean)
        .join(' '),
    );
  if (alarms.length > SUMMARY_LINES) lines.push(`… +${alarms.length - SUMMARY_LINES}`);
  return lines.join('\n');
}
