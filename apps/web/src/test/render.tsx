import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { type Permissions, PermissionsProvider } from '../components/can';

/** Shared by the component tests (jsdom): the providers a screen needs, antd's browser needs, finding buttons. */

export const ADMIN: Permissions = { isAdmin: true, codes: new Set() };

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** antd measures elements and asks for media queries; jsdom does neither. */
export function installAntdShims(): void {
  window.ResizeObserver = NoResizeObserver;
  // antd measures the scroll bar through a pseudo-element, which jsdom does not implement.
  // jsdom computes the whole cascade on every call, over every style antd injects: slow, and nothing here
  // needs computed values — the element's own style is enough.
  window.getComputedStyle = (element: Element) => (element as HTMLElement).style ?? ({} as CSSStyleDeclaration);
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

export function renderWithProviders(ui: ReactNode, permissions: Permissions = ADMIN) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PermissionsProvider value={permissions}>
        <App>{ui}</App>
      </PermissionsProvider>
    </QueryClientProvider>,
  );
}

/**
 * A button by its visible text. antd spaces out two-character Chinese labels ('保 存'), so
 * spaces are ignored; role queries are slow on antd's large DOM in jsdom.
 */
export function button(scope: HTMLElement, text: string): HTMLButtonElement {
  const wanted = text.replace(/\s/g, '');
  const found = [...scope.querySelectorAll('button')].filter(
    (b) => (b.textContent ?? '').replace(/\s/g, '') === wanted,
  );
  if (found.length !== 1 || !found[0]) throw new Error(`${found.length} buttons ${text}`);
  return found[0];
}
