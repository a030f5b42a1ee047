// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installAntdShims } from '../../test/render';
import { RouteErrors } from './route-errors';

beforeAll(installAntdShims);
afterEach(cleanup);

function Broken(): never {
  throw new Error('the chunk failed to load');
}

describe('RouteErrors', () => {
  it('shows the route error page with the error, and another path clears it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">elsewhere</Link>
        <Routes>
          <Route
            element={
              <RouteErrors>
                <Outlet />
              </RouteErrors>
            }
          >
            <Route path="broken" element={<Broken />} />
            <Route path="fine" element={<p>a fine page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('the chunk failed to load')).toBeTruthy();
    expect(container.querySelector('.ant-result-error')).not.toBeNull();
    expect(screen.getByText('页面出错了')).toBeTruthy();

    fireEvent.click(screen.getByText('elsewhere'));
    expect(screen.getByText('a fine page').tagName).toBe('P');
    expect(container.querySelector('.ant-result-error')).toBeNull();
  });
});
