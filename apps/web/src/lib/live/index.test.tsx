// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveClient, useLiveConnection, useLiveMessages } from './index';

// Signed out: the hooks register without opening a socket.
beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('useLiveMessages', () => {
  it('holds its listener name for the component lifetime only', () => {
    const first = renderHook(() => useLiveMessages('screen', [1, 2], vi.fn()));
    expect(() => liveClient.addListener('screen', vi.fn())).toThrow(/already registered/);
    first.unmount();
    const off = liveClient.addListener('screen', vi.fn());
    off();
  });

  it('reports no connection while signed out', () => {
    renderHook(() => useLiveMessages('signed-out', [1], vi.fn()));
    expect(renderHook(() => useLiveConnection()).result.current).toBe('closed');
  });
});
