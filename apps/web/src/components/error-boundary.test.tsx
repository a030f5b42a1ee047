// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installAntdShims } from '../test/render';
import { ErrorBoundary } from './error-boundary';

beforeAll(installAntdShims);
afterEach(cleanup);

let broken = true;
function Screen() {
  if (broken) throw new Error('the screen broke');
  return <p>the screen</p>;
}

describe('ErrorBoundary', () => {
  it("shows the error on antd's Result once it has loaded, and a retry renders the screen again", async () => {
    // React reports the caught error on the console; the boundary puts it in the error log.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    const { container } = render(
      <ErrorBoundary>
        <Screen />
      </ErrorBoundary>,
    );
    expect(screen.getByText('the screen broke')).toBeTruthy();
    // The plain screen first, then antd's Result (its chunk loads with the first error).
    await vi.waitFor(() => expect(container.querySelector('.ant-result-error')).not.toBeNull());
    expect(screen.getByText('页面出错了').textContent).toBe('页面出错了');

    broken = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(screen.getByText('the screen').tagName).toBe('P');
    expect(container.querySelector('.ant-result-error')).toBeNull();
  });
});
