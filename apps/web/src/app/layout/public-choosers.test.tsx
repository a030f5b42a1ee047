// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCE_COOKIES } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { installAntdShims } from '../../test/render';
import { PreferencesProvider, usePreferences } from '../providers/preferences';
import { PublicLanguageChooser, PublicThemeChooser } from './public-choosers';

function Shown() {
  const { language, theme } = usePreferences();
  return <output data-testid="shown">{`${language} ${theme}`}</output>;
}

function renderChoosers() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PreferencesProvider>
        <PublicLanguageChooser />
        <PublicThemeChooser />
        <Shown />
      </PreferencesProvider>
    </QueryClientProvider>,
  );
}

beforeAll(installAntdShims);

afterEach(async () => {
  cleanup();
  for (const name of Object.values(PREFERENCE_COOKIES)) Cookies.remove(name);
  await i18n.changeLanguage('zh-CN');
});

describe('the choosers before sign-in', () => {
  it('offer both languages and both themes as toggle buttons, the current one pressed, and switch on click', async () => {
    // Chosen before: no wait for the server's defaults.
    Cookies.set(PREFERENCE_COOKIES.language, 'zh-CN');
    Cookies.set(PREFERENCE_COOKIES.size, 'medium');
    renderChoosers();

    const languages = await screen.findByRole('group', { name: '语言' });
    const chinese = screen.getByRole('button', { name: '中文' });
    const english = screen.getByRole('button', { name: 'English' });
    expect(languages.contains(english)).toBe(true);
    expect(chinese.getAttribute('aria-pressed')).toBe('true');
    expect(english.getAttribute('aria-pressed')).toBe('false');
    const light = screen.getByRole('button', { name: '浅色' });
    const dark = screen.getByRole('button', { name: '深色' });
    expect(screen.getByRole('group', { name: '主题' }).contains(dark)).toBe(true);
    expect(light.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(dark);
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('zh-CN dark'));
    expect(Cookies.get(PREFERENCE_COOKIES.theme)).toBe('dark');
    expect(screen.getByRole('button', { name: '深色' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(english);
    // The English translations arrive, then the page speaks English.
    await screen.findByRole('group', { name: 'Language' });
    expect(screen.getByTestId('shown').textContent).toBe('en-US dark');
    expect(Cookies.get(PREFERENCE_COOKIES.language)).toBe('en-US');
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Light' }).getAttribute('aria-pressed')).toBe('false');
  });
});
