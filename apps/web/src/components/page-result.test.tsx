// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installAntdShims } from '../test/render';
import { PageResult } from './page-result';

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/', path]} initialIndex={1}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('PageResult', () => {
  beforeAll(installAntdShims);
  afterEach(cleanup);

  it('states the outcome in the page centre and goes where its actions say', () => {
    renderAt(
      '/missing',
      <PageResult
        status="404"
        title="404"
        subTitle="Nothing here"
        actions={[
          { label: 'Back', to: -1 },
          { label: 'Home', to: '/home', primary: true },
        ]}
      />,
    );
    expect(screen.getByText('Nothing here')).toBeTruthy();
    expect(document.querySelector('.app-error-page .ant-result')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Home' }).className).toContain('ant-btn-primary');
    fireEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(screen.getByTestId('where').textContent).toBe('/home');
  });

  it('goes back one step, or runs its own handler', () => {
    const reload = vi.fn();
    renderAt(
      '/refused',
      <PageResult
        pageClassName="app-login"
        status="error"
        title="Failed"
        actions={[
          { label: 'Back', to: -1 },
          { label: 'Reload', onClick: reload },
        ]}
      />,
    );
    expect(document.querySelector('.app-login .ant-result')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(screen.getByTestId('where').textContent).toBe('/refused');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});
