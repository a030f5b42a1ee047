import type { ForwardStatus } from '@envmon/shared';

/** Where forwarding one device to one upstream stands, in one word for the operator. */
export const FORWARD_STATES = [
  'acknowledged',
  'sent',
  'sending',
  'failing',
  'connected',
  'notConnected',
  'disabled',
] as const;
export type ForwardState = (typeof FORWARD_STATES)[number];

/** The tag colours (antd presets, readable in both themes). */
export const FORWARD_STATE_COLORS: Readonly<Record<ForwardState, string>> = {
  acknowledged: 'success',
  sent: 'cyan',
  sending: 'processing',
  failing: 'error',
  connected: 'blue',
  notConnected: 'default',
  disabled: 'default',
};

/**
 * The state shown for a device's status. An error wins (the operator must act); otherwise a backlog is being
 * sent; otherwise the newest packet is with the upstream — acknowledged where the upstream answers (9014), sent
 * where it is not asked to; before anything went, whether the link is up.
 */
export function forwardState(status: ForwardStatus, enabled: boolean, ackRequired: boolean): ForwardState {
  if (!enabled) return 'disabled';
  if (status.lastError !== null) return 'failing';
  if (status.queued > 0) return 'sending';
  if (ackRequired && status.acknowledged > 0) return 'acknowledged';
  if (!ackRequired && status.sent > 0) return 'sent';
  return status.connected ? 'connected' : 'notConnected';
}

const SECOND_MS = 1000;
const UNITS = [
  { unit: 'days', ms: 86_400_000 },
  { unit: 'hours', ms: 3_600_000 },
  { unit: 'minutes', ms: 60_000 },
  { unit: 'seconds', ms: SECOND_MS },
] as const;
export type LagUnit = (typeof UNITS)[number]['unit'];

/**
 * How far the newest data the upstream has lies behind `now`, in its largest whole unit (95 s → 1 minute); null
 * when nothing reached it yet. A data time ahead of our clock (a station's fast clock) is no lag.
 */
export function lagOf(lastDataTime: number | null, now: number): { unit: LagUnit; count: number } | null {
  if (lastDataTime === null) return null;
  const lag = Math.max(0, now - lastDataTime);
  const { unit, ms } = UNITS.find((u) => lag >= u.ms) ?? { unit: 'seconds', ms: SECOND_MS };
  return { unit, count: Math.floor(lag / ms) };
}
