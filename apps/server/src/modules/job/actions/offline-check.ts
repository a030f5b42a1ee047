import { HOUR_MS, type Language } from '@envmon/shared';
import type { DeviceService } from '../../device/device.service.js';
import type { StatisticsService, WindowTransmission } from '../../statistics/statistics.service.js';
import { isSuccess, maskWebhookUrl, type WebhookClient, WebhookUnreachable } from '../../wx-alarm/webhook.js';
import type { NotifierSettings } from '../../wx-alarm/wx-alarm.mapper.js';
import { mentions } from '../../wx-alarm/wx-alarm.service.js';
import type { JobAction, JobDeviceRef } from '../job-action.js';
import { JOB_READER } from './report.js';
import { counted, localTime, messageOf } from './run-helpers.js';

/**
 * The offline and transmission check (issue 21): of the run's stations, those offline now and those whose hour
 * data over the last `periodHours` fell below `minTransmissionRate` (the transmission report's rate: distinct hour
 * data times received / hours expected), in one digest through the enterprise-WeChat robot of Settings › WeChat
 * alarm. Nothing to report, nothing sent.
 */

export interface OfflineCheckDeps {
  /** Every device's connection state (online, last packet). */
  devices: Pick<DeviceService, 'statuses'>;
  statistics: Pick<StatisticsService, 'hourTransmission'>;
  /** The robot: its saved settings (address, language, @-mentions) and the client that posts to it. */
  wechat: { settings(): Promise<NotifierSettings>; client: WebhookClient };
}

/** The robot takes text messages of at most 2,048 bytes; the digest keeps under it whatever the station names. */
export const DIGEST_MAX_BYTES = 2000;

/** A station offline now: when its last packet came (null: never heard from). */
export interface OfflineStation {
  device: JobDeviceRef;
  lastPacketAt: number | null;
}

/** A station below the rate over the window. */
export interface LowStation {
  device: JobDeviceRef;
  rate: WindowTransmission;
}

const TEXT = {
  'zh-CN': {
    head: '【站点离线与传输率检查】{{end}} 前 {{hours}} 小时（{{zone}}）',
    offline: '离线站点 {{count}} 个：',
    offlineLine: '- {{device}}（{{code}}）最后通讯 {{time}}',
    never: '- {{device}}（{{code}}）从未上线',
    low: '传输率低于 {{rate}}% 的站点 {{count}} 个：',
    lowLine: '- {{device}}（{{code}}）{{rate}}%（{{received}}/{{expected}} 小时）',
    more: '……另有 {{count}} 个站点未列出',
  },
  'en-US': {
    head: '[Offline and transmission check] the {{hours}} h before {{end}} ({{zone}})',
    offline: 'Offline stations ({{count}}):',
    offlineLine: '- {{device}} ({{code}}), last packet {{time}}',
    never: '- {{device}} ({{code}}), never connected',
    low: 'Below {{rate}} % transmission ({{count}}):',
    lowLine: '- {{device}} ({{code}}) {{rate}} % ({{received}} of {{expected}} hours)',
    more: '… and {{count}} more stations',
  },
} as const satisfies Record<Language, Record<string, string>>;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** A 0–1 rate as a percentage with at most two decimals: 0.75 → '75', 2/3 → '66.67'. */
export const percentText = (rate: number): string => String(Number((rate * 100).toFixed(2)));

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * Lines under section titles, at most `maxBytes` in all: each title is kept, a section's lines while they fit,
 * and a "… and N more" line for those that did not.
 */
export function boundedDigest(
  head: string,
  sections: readonly { title: string; lines: readonly string[] }[],
  more: (count: number) => string,
  maxBytes: number,
): string {
  const reserved = bytes(head) + sections.reduce((n, s) => n + bytes(s.title) + bytes(more(1e6)) + 2, 0);
  let budget = maxBytes - reserved;
  const out = [head];
  for (const section of sections) {
    out.push(section.title);
    let shown = 0;
    for (const line of section.lines) {
      if (bytes(line) + 1 > budget) break;
      budget -= bytes(line) + 1;
      out.push(line);
      shown += 1;
    }
    if (shown < section.lines.length) out.push(more(section.lines.length - shown));
  }
  return out.join('\n');
}

/** The digest's text in the robot's language, station times in the job's time zone. */
export function offlineDigest(
  language: Language,
  found: { offline: readonly OfflineStation[]; low: readonly LowStation[] },
  window: { end: number; hours: number; timeZone: string; minRate: number },
): string {
  const t = TEXT[language];
  const names = (d: JobDeviceRef) => ({ device: d.deviceName, code: d.deviceCode });
  const sections: { title: string; lines: string[] }[] = [];
  if (found.offline.length > 0) {
    sections.push({
      title: fill(t.offline, { count: found.offline.length }),
      lines: found.offline.map(({ device, lastPacketAt }) =>
        lastPacketAt === null
          ? fill(t.never, names(device))
          : fill(t.offlineLine, { ...names(device), time: localTime(lastPacketAt, window.timeZone) }),
      ),
    });
  }
  if (found.low.length > 0) {
    sections.push({
      title: fill(t.low, { rate: window.minRate, count: found.low.length }),
      lines: found.low.map(({ device, rate }) =>
        fill(t.lowLine, {
          ...names(device),
          rate: percentText(rate.transmissionRate),
          received: rate.received,
          expected: rate.expected,
        }),
      ),
    });
  }
  const head = fill(t.head, {
    end: localTime(window.end, window.timeZone),
    hours: window.hours,
    zone: window.timeZone,
  });
  return boundedDigest(head, sections, (count) => fill(t.more, { count }), DIGEST_MAX_BYTES);
}

/** The window of whole hours, all ended, before `at`. */
export function checkWindow(at: number, hours: number): { from: number; to: number } {
  const to = Math.floor(at / HOUR_MS) * HOUR_MS;
  return { from: to - hours * HOUR_MS, to };
}

export function offlineCheckAction({ devices, statistics, wechat }: OfflineCheckDeps): JobAction<'offlineCheck'> {
  return async (run) => {
    const { periodHours, minTransmissionRate } = run.params;
    const { from, to } = checkWindow(run.at, periodHours);
    const ids = run.devices.map((d) => d.deviceId);
    const [statuses, rates] = await Promise.all([
      devices.statuses({}, JOB_READER),
      statistics.hourTransmission(ids, from, to),
    ]);
    const statusOf = new Map(statuses.map((s) => [s.deviceId, s]));
    const offline: OfflineStation[] = run.devices
      .filter((d) => statusOf.get(d.deviceId)?.online !== true)
      .map((device) => ({ device, lastPacketAt: statusOf.get(device.deviceId)?.lastPacketAt ?? null }));
    const rateOf = new Map(rates.map((r) => [r.deviceId, r]));
    const low: LowStation[] = run.devices
      .flatMap((device) => {
        const rate = rateOf.get(device.deviceId);
        return rate && rate.transmissionRate * 100 < minTransmissionRate ? [{ device, rate }] : [];
      })
      .sort((a, b) => a.rate.transmissionRate - b.rate.transmissionRate);

    const window = `${localTime(from, run.timeZone)} – ${localTime(to, run.timeZone)} (${run.timeZone})`;
    run.log.info(`checked ${counted(run.devices.length, 'device')}: hour data of ${window}`);
    for (const { device, lastPacketAt } of offline) {
      const since = lastPacketAt === null ? 'never connected' : `last packet ${localTime(lastPacketAt, run.timeZone)}`;
      run.log.info(`offline: ${device.deviceName} (${device.deviceCode}), ${since}`);
    }
    for (const { device, rate } of low) {
      run.log.info(
        `below ${minTransmissionRate} %: ${device.deviceName} (${device.deviceCode}) ${percentText(rate.transmissionRate)} % ` +
          `(${rate.received} of ${rate.expected} hours)`,
      );
    }

    const found = `${offline.length} offline, ${low.length} below ${minTransmissionRate} %`;
    if (offline.length === 0 && low.length === 0) {
      return {
        summary: `all ${counted(run.devices.length, 'device')} online and at or above ${minTransmissionRate} % over ${periodHours} h: nothing sent`,
      };
    }
    const settings = await wechat.settings();
    if (settings.webhookUrl === null) {
      run.log.info('WeChat webhook not configured (Settings › WeChat alarm): not sent');
      return { summary: `${found}: not sent (WeChat webhook not configured)` };
    }
    const content = offlineDigest(
      settings.language,
      { offline, low },
      { end: to, hours: periodHours, timeZone: run.timeZone, minRate: minTransmissionRate },
    );
    const target = maskWebhookUrl(settings.webhookUrl);
    try {
      const reply = await wechat.client.post(
        settings.webhookUrl,
        { msgtype: 'text', text: { content, ...mentions(settings) } },
        run.signal,
      );
      if (!isSuccess(reply)) {
        throw new Error(
          `the WeChat webhook ${target} answered HTTP ${reply.httpStatus ?? '-'}, errcode ${reply.errcode ?? '-'}` +
            (reply.errmsg ? ` ${reply.errmsg}` : ''),
        );
      }
    } catch (err) {
      const why =
        err instanceof WebhookUnreachable ? `the WeChat webhook ${target} could not be reached` : messageOf(err);
      throw new Error(`${found}: not sent, ${why}`);
    }
    run.log.info(`digest sent through the WeChat webhook ${target}`);
    return { summary: `${found}: sent` };
  };
}
