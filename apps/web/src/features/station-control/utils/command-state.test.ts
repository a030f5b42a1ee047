import { COMMAND_STATES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { isActive, STATE_COLORS } from './command-state';

describe('a command’s state', () => {
  it('is on its way while queued, sent or accepted, and not once settled or when there is none', () => {
    expect(isActive('queued')).toBe(true);
    expect(isActive('sent')).toBe(true);
    expect(isActive('accepted')).toBe(true);
    for (const state of COMMAND_STATES.filter((s) => !['queued', 'sent', 'accepted'].includes(s))) {
      expect(isActive(state)).toBe(false);
    }
    expect(isActive(null)).toBe(false);
    expect(isActive(undefined)).toBe(false);
  });

  it('has a colour for every state, failures in red', () => {
    expect(Object.keys(STATE_COLORS).sort()).toEqual([...COMMAND_STATES].sort());
    expect(STATE_COLORS.refused).toBe('error');
    expect(STATE_COLORS.executed).toBe('success');
  });
});
