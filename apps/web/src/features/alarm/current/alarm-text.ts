import { vocabularyLabel, type Alarm } from '@envmon/shared';
import type { VocabularyLang } from '../../../components/crud/cell-render';
import { EMPTY_CELL } from '../../../components/crud/constants';
import { formatDataTime } from '../../../lib/data-time';

export function alarmFactorName(alarm: Alarm, lang: VocabularyLang): string {
  if (!alarm.factor) return '';
  return lang === 'en' ? (alarm.factor.factorNameEn ?? alarm.factor.factorName) : alarm.factor.factorName;
}

/** The alarm's value with its factor's unit ('12.5 mg/L'), as every alarm screen shows it. */
export function alarmValueText(alarm: Alarm): string {
  if (alarm.alarmValue === null) return EMPTY_CELL;
  return alarm.unit ? `${alarm.alarmValue} ${alarm.unit}` : String(alarm.alarmValue);
}

/** One of the alarm's times on its station's clock (lib/data-time.ts), as the export writes it. */
export function alarmTime(alarm: Alarm, epochMs: number | null): string {
  return formatDataTime(epochMs, alarm.device.utcOffsetMinutes);
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
