import { Dropdown } from 'antd';
import { BgColorsOutlined, FontSizeOutlined, TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONSOLE_SIZES, LANGUAGES, type ConsoleSize, type Language } from '@envmon/shared';
import { usePreferences } from '../../providers/preferences';
import { THEMES, type ThemeName } from '../../providers/theme';
import { LANGUAGE_LABEL_KEYS } from '../public-choosers';
import { HeaderIconButton } from './header-button';

/** 中文 / English (SPEC section 2 'Layout'); antd and dayjs locales follow. */
export function LanguageChooser() {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({ key: lang, label: t(LANGUAGE_LABEL_KEYS[lang]) })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <HeaderIconButton icon={<TranslationOutlined />} label={t('layout.header.language')} data-testid="language-chooser" />
    </Dropdown>
  );
}

/** medium / small / mini. */
export function SizeChooser() {
  const { t } = useTranslation();
  const { size, setSize } = usePreferences();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: CONSOLE_SIZES.map((value) => ({ key: value, label: t(`layout.size.${value}`) })),
        onClick: ({ key }) => setSize(key as ConsoleSize),
      }}
    >
      <HeaderIconButton icon={<FontSizeOutlined />} label={t('layout.header.size')} data-testid="size-chooser" />
    </Dropdown>
  );
}

/** Light (dark slate menu) or dark (blue menu). */
export function ThemeChooser() {
  const { t } = useTranslation();
  const { theme, setTheme } = usePreferences();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [theme],
        items: THEMES.map((value) => ({ key: value, label: t(`layout.theme.${value}`) })),
        onClick: ({ key }) => setTheme(key as ThemeName),
      }}
    >
      <HeaderIconButton icon={<BgColorsOutlined />} label={t('layout.header.theme')} data-testid="theme-chooser" />
    </Dropdown>
  );
}
