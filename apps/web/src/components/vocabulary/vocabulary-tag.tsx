import { vocabularyColor, vocabularyLabel, type VocabularyName } from '@envmon/shared';
import { Tag } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../crud/constants';
import { vocabularyLang } from '../crud/cell-render';

type Code = string | number | null | undefined;

const isBlank = (value: Code): value is null | undefined | '' => value === null || value === undefined || value === '';

/**
 * A code's label in the console language (a code the vocabulary does not know stays as it is:
 * stations send system codes of their own). Re-renders when the language changes.
 */
export function useVocabularyLabel(): (name: VocabularyName, value: Code) => string {
  const { i18n } = useTranslation();
  const lang = vocabularyLang(i18n.language);
  return useCallback(
    (name: VocabularyName, value: Code) => (isBlank(value) ? EMPTY_CELL : vocabularyLabel(name, value, lang)),
    [lang],
  );
}

export interface VocabularyCellProps {
  name: VocabularyName;
  value: Code;
}

/** A code as a tag in its vocabulary's label and colour (the colour names follow the theme). */
export function VocabularyTag({ name, value }: VocabularyCellProps) {
  const label = useVocabularyLabel();
  if (isBlank(value)) return EMPTY_CELL;
  return <Tag color={vocabularyColor(name, value)}>{label(name, value)}</Tag>;
}

/** A code as its label in plain text; the code itself is kept for whoever hovers (operators know both). */
export function VocabularyText({ name, value }: VocabularyCellProps) {
  const label = useVocabularyLabel();
  if (isBlank(value)) return EMPTY_CELL;
  return <span title={String(value)}>{label(name, value)}</span>;
}
