// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { LIMITS } from '@envmon/shared';
import { tableHeightFor, useTableHeight } from './use-table-height';

describe('useTableHeight', () => {
  it('never goes below the minimum table height', () => {
    expect(tableHeightFor(1200, 300)).toBe(900);
    expect(tableHeightFor(600, 300)).toBe(LIMITS.minTableHeight);
  });

  it('follows window resizes', () => {
    window.innerHeight = 1000;
    const { result } = renderHook(() => useTableHeight(200));
    expect(result.current).toBe(800);
    act(() => {
      window.innerHeight = 1400;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(1200);
  });
});
