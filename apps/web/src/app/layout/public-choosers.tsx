import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@envmon/shared';
import { usePreferences } from '../providers/preferences';
import { THEMES } from '../providers/theme';

/** Each language by its own name, here and in the signed-in header's chooser. */
export const LANGUAGE_LABEL_KEYS: Record<Language, string> = {
  'zh-CN': 'common.languages.zhCN',
  'en-US': 'common.languages.enUS',
};

interface Choice<T extends string> {
  value: T;
  label: string;
}

/**
 * A labelled row of toggle buttons, one per choice, the current one pressed. The pages before sign-in have two
 * languages and two themes to offer: buttons show them at once, without the dropdown menu's code in the
 * first download (scripts/bundle-budget.mjs); the signed-in header keeps its dropdowns.
 */
function ChoiceGroup<T extends string>({
  label,
  choices,
  current,
  onChoose,
  testId,
}: {
  label: string;
  choices: Choice<T>[];
  current: T;
  onChoose: (value: T) => void;
  testId: string;
}) {
  return (
    <div role="group" aria-label={label} data-testid={testId} className="app-public-choices">
      {choices.map((choice) => (
        <Button
          key={choice.value}
          type="text"
          size="small"
          aria-pressed={choice.value === current}
          className="app-header-button"
          onClick={() => choice.value !== current && onChoose(choice.value)}
        >
          {choice.label}
        </Button>
      ))}
    </div>
  );
}

/** 中文 / English before sign-in. */
export function PublicLanguageChooser() {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  return (
    <ChoiceGroup
      label={t('layout.header.language')}
      choices={LANGUAGES.map((value) => ({ value, label: t(LANGUAGE_LABEL_KEYS[value]) }))}
      current={language}
      onChoose={setLanguage}
      testId="language-chooser"
    />
  );
}

/** Light / dark before sign-in. */
export function PublicThemeChooser() {
  const { t } = useTranslation();
  const { theme, setTheme } = usePreferences();
  return (
    <ChoiceGroup
      label={t('layout.header.theme')}
      choices={THEMES.map((value) => ({ value, label: t(`layout.theme.${value}`) }))}
      current={theme}
      onChoose={setTheme}
      testId="theme-chooser"
    />
  );
}
