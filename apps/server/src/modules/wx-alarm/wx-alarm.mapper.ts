import { LANGUAGES, type Language, type WxAlarmSettings } from '@envmon/shared';
import type { WxAlarmSettingsRow } from './wx-alarm.repository.js';
import { maskWebhookUrl } from './webhook.js';

/** What the notifier works with: the settings with the real webhook URL. */
export interface NotifierSettings extends Omit<WxAlarmSettings, 'updateTime'> {
  webhookUrl: string | null;
}

function parseList<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function toLanguage(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'zh-CN';
}

export function toNotifierSettings(row: WxAlarmSettingsRow): NotifierSettings {
  return {
    enabled: row.enabled === 1,
    webhookUrl: row.webhookUrl,
    alarmTypes: parseList<number>(row.alarmTypes),
    lowestLevel: row.lowestLevel,
    mentionedUserIds: parseList<string>(row.mentionedUserIds),
    mentionedMobiles: parseList<string>(row.mentionedMobiles),
    digestCount: row.digestCount,
    digestWindowSeconds: row.digestWindowSeconds,
    language: toLanguage(row.language),
  };
}

/** The console's view: the webhook's key masked. */
export function toWxAlarmSettings(row: WxAlarmSettingsRow): WxAlarmSettings {
  const settings = toNotifierSettings(row);
  return {
    ...settings,
    webhookUrl: settings.webhookUrl === null ? null : maskWebhookUrl(settings.webhookUrl),
    updateTime: row.updateTime,
  };
}
