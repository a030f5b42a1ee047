import { translate, type Language } from '@envmon/shared';
import { words, type MessageParams } from './messages.js';

/** One thing wrong with one row of an import file, as the importers report it in data. */
export interface ReportedProblem {
  row: number;
  field: string;
  /** The column's header in the file (the templates' headers are Chinese). */
  column?: string;
  /** An i18n key (`device.rules.contactPhonePattern`, `common.messages.deviceCodeTaken`). */
  message: string;
  params?: Readonly<Record<string, string | number>>;
}

/** How many problems desc spells out; data has all of them. */
const DESC_PROBLEMS = 10;

/**
 * What a refused import's desc interpolates: how many problems, and the first few spelled out
 * ('第3行 联系电话：请输入正确的手机号码！' / 'Row 3, Contact phone: …'). In Chinese a column is named as
 * the file heads it; in English by its label under `fieldsKey`.
 */
export function importReportParams(problems: readonly ReportedProblem[], fieldsKey: string): MessageParams {
  const column = (language: Language, p: ReportedProblem) =>
    (language === 'zh-CN' ? p.column : translate(`${fieldsKey}.${p.field}`, language)) ?? p.column ?? p.field;
  return {
    count: problems.length,
    problems: (language) => {
      const listed = problems
        .slice(0, DESC_PROBLEMS)
        .map((p) =>
          words(language, 'common.messageParts.importRow', {
            row: p.row,
            column: column(language, p),
            text: words(language, p.message, p.params),
          }),
        )
        .join(words(language, 'common.messageParts.separator'));
      const more =
        problems.length > DESC_PROBLEMS
          ? words(language, 'common.messageParts.importMore', { count: problems.length })
          : '';
      return `${listed}${more}`;
    },
  };
}
