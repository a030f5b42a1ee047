import { createHash, randomInt } from 'node:crypto';
import {
  WX_ALARM_LIMITS,
  type WxAlarmDynamicCode,
  type WxAlarmDynamicCodeInput,
  type WxAlarmReply,
  type WxAlarmSettings,
  type WxAlarmSettingsUpdate,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { isSuccess, maskWebhookUrl, type WebhookClient, type WebhookMessage, WebhookUnreachable } from './webhook.js';
import { type NotifierSettings, toNotifierSettings, toWxAlarmSettings } from './wx-alarm.mapper.js';
import type { WxAlarmRepository, WxAlarmSettingsRow } from './wx-alarm.repository.js';
import { formatTime, notifyText } from './wx-alarm.text.js';

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

export const newDynamicCode = (): string =>
  String(randomInt(0, 10 ** WX_ALARM_LIMITS.dynamicCodeLength)).padStart(WX_ALARM_LIMITS.dynamicCodeLength, '0');

/** Tells the notifier to re-read the settings after an edit. */
export type SettingsChanged = () => Promise<void>;

/**
 * The WeChat alarm settings (get, update, send, dynamicCode). The dynamic code proves that whoever
 * points alarms at a new webhook can read that webhook's group: dynamicCode sends a 6-digit code
 * there, and update accepts the new URL only with that code, once, within its lifetime.
 */
export class WxAlarmService {
  constructor(
    private readonly repo: WxAlarmRepository,
    private readonly webhook: WebhookClient,
    private readonly clock: Clock,
    private readonly settingsChanged: SettingsChanged,
    private readonly generateCode: () => string = newDynamicCode,
  ) {}

  async get(): Promise<WxAlarmSettings> {
    return toWxAlarmSettings(await this.repo.get());
  }

  async current(): Promise<NotifierSettings> {
    return toNotifierSettings(await this.repo.get());
  }

  async update(input: WxAlarmSettingsUpdate): Promise<WxAlarmSettings> {
    const row = await this.repo.get();
    const webhookUrl = resolveUrl(input.webhookUrl, row);
    const changesUrl = webhookUrl !== null && webhookUrl !== row.webhookUrl;
    if (changesUrl) await this.checkCode(row, webhookUrl, input.dynamicCode);
    await this.repo.update({
      enabled: input.enabled ? 1 : 0,
      webhookUrl,
      alarmTypes: JSON.stringify(input.alarmTypes),
      lowestLevel: input.lowestLevel,
      mentionedUserIds: JSON.stringify(input.mentionedUserIds),
      mentionedMobiles: JSON.stringify(input.mentionedMobiles),
      digestCount: input.digestCount,
      digestWindowSeconds: input.digestWindowSeconds,
      language: input.language,
      updateTime: this.clock.now(),
      // A code is good for one change.
      ...(changesUrl ? { codeHash: null, codeUrl: null, codeExpires: null } : {}),
    });
    await this.settingsChanged();
    return this.get();
  }

  /** A test message through the saved webhook now; answers what the webhook replied. */
  async send(): Promise<WxAlarmReply> {
    const settings = await this.current();
    if (settings.webhookUrl === null) throw new DomainError('wxAlarmNotConfigured');
    return this.post(settings.webhookUrl, {
      msgtype: 'text',
      text: {
        content: notifyText(settings.language, 'test', { time: formatTime(this.clock.now()) }),
        ...mentions(settings),
      },
    });
  }

  async dynamicCode(input: WxAlarmDynamicCodeInput): Promise<WxAlarmDynamicCode> {
    const row = await this.repo.get();
    const url = resolveUrl(input.webhookUrl, row) ?? input.webhookUrl;
    const code = this.generateCode();
    const expiresAt = this.clock.now() + WX_ALARM_LIMITS.dynamicCodeTtlMs;
    const language = toNotifierSettings(row).language;
    const reply = await this.post(url, {
      msgtype: 'text',
      text: {
        content: notifyText(language, 'dynamicCode', { code, minutes: WX_ALARM_LIMITS.dynamicCodeTtlMs / 60_000 }),
      },
    });
    // Kept only once delivered: a code nobody could read must not be pending.
    await this.repo.update({ codeHash: hash(code), codeUrl: url, codeExpires: expiresAt });
    return { webhookUrl: maskWebhookUrl(url), expiresAt, reply };
  }

  private async checkCode(row: WxAlarmSettingsRow, url: string, code: string | undefined): Promise<void> {
    if (code === undefined) throw new DomainError('wxAlarmCodeRequired');
    const valid = row.codeHash === hash(code) && row.codeUrl === url && (row.codeExpires ?? 0) >= this.clock.now();
    if (!valid) {
      // One try per code: six digits must not be guessable by repeating update.
      await this.repo.update({ codeHash: null, codeUrl: null, codeExpires: null });
      throw new DomainError('wxAlarmCodeWrong');
    }
  }

  private async post(url: string, message: WebhookMessage): Promise<WxAlarmReply> {
    let reply: WxAlarmReply;
    try {
      reply = await this.webhook.post(url, message);
    } catch (err) {
      if (err instanceof WebhookUnreachable) throw new DomainError('wxAlarmUnreachable');
      throw err;
    }
    if (!isSuccess(reply)) throw new DomainError('wxAlarmSendFailed', reply);
    return reply;
  }
}

/** The masked URL that get answered stands for the saved one. */
function resolveUrl(submitted: string | null, row: WxAlarmSettingsRow): string | null {
  if (submitted !== null && row.webhookUrl !== null && submitted === maskWebhookUrl(row.webhookUrl)) {
    return row.webhookUrl;
  }
  return submitted;
}

/** The @-mentions of a text message, left out when there are none. */
export function mentions(
  settings: NotifierSettings,
): Pick<WebhookMessage['text'], 'mentioned_list' | 'mentioned_mobile_list'> {
  return {
    ...(settings.mentionedUserIds.length > 0 ? { mentioned_list: settings.mentionedUserIds } : {}),
    ...(settings.mentionedMobiles.length > 0 ? { mentioned_mobile_list: settings.mentionedMobiles } : {}),
  };
}
