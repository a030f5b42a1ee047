// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRotation } from './use-rotation';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useRotation', () => {
  it('turns to the next page every interval and back to the first after the last', () => {
    const { result } = renderHook(() => useRotation(3, 10));
    expect(result.current).toBe(0);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(result.current).toBe(1);
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(result.current).toBe(0);
  });

  it('stays on the first page when rotation is off or there is one page', () => {
    const off = renderHook(() => useRotation(3, 0));
    const single = renderHook(() => useRotation(1, 10));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(off.result.current).toBe(0);
    expect(single.result.current).toBe(0);
  });

  it('keeps within the pages when the list shrinks', () => {
    const { result, rerender } = renderHook(({ pages }) => useRotation(pages, 10), { initialProps: { pages: 4 } });
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(result.current).toBe(3);
    rerender({ pages: 2 });
    expect(result.current).toBe(1);
  });
});
