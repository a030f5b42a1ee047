// @vitest-environment jsdom
import { cleanup, render, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusableScrollRegions } from './focusable-scroll';

afterEach(cleanup);

/** The DOM antd renders for a table with a fixed height: header, then the scrolling body. */
function ScrollingTable() {
  return (
    <div className="ant-table-container">
      <div className="ant-table-header" />
      <div className="ant-table-body">
        <table />
      </div>
    </div>
  );
}

describe('useFocusableScrollRegions', () => {
  it('makes scrolling table bodies tab stops, present ones and ones rendered later, and nothing else', async () => {
    const first = render(<ScrollingTable />);
    renderHook(() => useFocusableScrollRegions());
    expect(first.container.querySelector('.ant-table-body')?.getAttribute('tabindex')).toBe('0');

    const later = render(<ScrollingTable />);
    await waitFor(() => expect(later.container.querySelector('.ant-table-body')?.getAttribute('tabindex')).toBe('0'));
    expect(later.container.querySelectorAll('[tabindex]')).toHaveLength(1);
  });

  it('keeps a tabindex a table body already has', () => {
    const { container } = render(
      <div className="ant-table-body" tabIndex={-1}>
        <button type="button">focusable content</button>
      </div>,
    );
    renderHook(() => useFocusableScrollRegions());
    expect(container.querySelector('.ant-table-body')?.getAttribute('tabindex')).toBe('-1');
  });
});
