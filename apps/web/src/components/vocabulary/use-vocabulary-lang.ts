import { useTranslation } from 'react-i18next';
import { type VocabularyLang, vocabularyLang } from '../crud/cell-render';

/** Vocabularies and factors carry both languages; the console's language picks one (and re-renders on change). */
export function useVocabularyLang(): VocabularyLang {
  const { i18n } = useTranslation();
  return vocabularyLang(i18n.language);
}
