import { describe, expect, it } from 'vitest';
import { DEFAULT_GUARDED_COMMANDS, guardedCommandsQueryOptions, guardedSet } from './guarded-commands';

describe('the guarded commands', () => {
  it('are the server’s list when read, or the defaults while it is unknown', () => {
    expect(guardedSet(['3012']).has('3012')).toBe(true);
    expect(guardedSet(['3012']).has('3045')).toBe(false);
    expect(guardedSet(undefined).has('3045')).toBe(true);
    expect(guardedSet(undefined).has('3012')).toBe(false);
    expect(DEFAULT_GUARDED_COMMANDS).toEqual(['1072', '3011', '3021', '3042', '3043', '3045', '3080', '3081', '3082']);
  });

  it('are cached under the declared key the dynamic-code settings update', () => {
    expect(guardedCommandsQueryOptions().queryKey).toEqual(['dynamicCode', 'guarded']);
  });
});
