import { ACTIVE_COMMAND_STATES, type CommandState } from '@envmon/shared';
import type { TagProps } from 'antd';

/** antd's status colours, which follow the light and dark themes. */
export const STATE_COLORS = {
  queued: 'default',
  sent: 'processing',
  accepted: 'cyan',
  executed: 'success',
  refused: 'error',
  failed: 'error',
  timeout: 'warning',
  expired: 'warning',
  withdrawn: 'default',
  interrupted: 'warning',
} as const satisfies Record<CommandState, TagProps['color']>;

/**
 * A command still on its way (queued, sent, accepted): the screens read its record again until it settles. No
 * state (no command yet, or none about a row) is not on its way.
 */
export const isActive = (state: CommandState | null | undefined): boolean =>
  state !== null && state !== undefined && ACTIVE_COMMAND_STATES.includes(state);
