import { type CommandUpload, EXE_RTN_CODES, QN_RTN_CODES, type StationCommand } from '@envmon/shared';
import { reasonKey } from '../../../station-control';

/** An i18n key with its values: what the screen says, decided here, worded there. */
export interface Phrase {
  key: string;
  values?: Record<string, string | number>;
}

/** ExeRtn 1: carried out. */
const EXE_OK = 1;

const knownQnRtn = (code: number) => (QN_RTN_CODES as readonly number[]).includes(code);
const knownExeRtn = (code: number) => (EXE_RTN_CODES as readonly number[]).includes(code);

/**
 * What the station (or the platform, for it) answered: why the command never reached it, its QnRtn when it
 * did not accept (or accepted and sent no result), and its ExeRtn when it failed (HJ212.md §10); codes outside the
 * vocabulary as numbers. Nothing while the command is on its way.
 */
export function answerPhrases(command: Pick<StationCommand, 'reason' | 'qnRtn' | 'exeRtn'>): Phrase[] {
  const phrases: Phrase[] = [];
  if (command.reason !== null) phrases.push({ key: reasonKey(command.reason) });
  const { qnRtn, exeRtn } = command;
  if (qnRtn !== null && (qnRtn !== 1 || exeRtn === null)) {
    phrases.push(
      knownQnRtn(qnRtn)
        ? { key: `control.qnRtn.${qnRtn}` }
        : { key: 'waterControl.answer.qnRtn', values: { code: qnRtn } },
    );
  }
  // ExeRtn 1 is what the state 'executed' says already.
  if (exeRtn !== null && exeRtn !== EXE_OK) {
    phrases.push(
      knownExeRtn(exeRtn)
        ? { key: `control.exeRtn.${exeRtn}` }
        : { key: 'waterControl.answer.exeRtn', values: { code: exeRtn } },
    );
  }
  return phrases;
}

/** A value the station sent in answer (a bottle number, a serial number), about a factor or the whole station. */
export interface AnswerFact {
  item: string | null;
  key: string;
  value: string;
}

/**
 * The values of a command's answer uploads, each once, in the order they came (a 3012's 3015 upload: its
 * VaseNo). Log lines are the logs card's, not facts.
 */
export function answerFacts(uploads: readonly CommandUpload[], skipKeys: readonly string[] = []): AnswerFact[] {
  const seen = new Set<string>();
  const facts: AnswerFact[] = [];
  for (const upload of uploads) {
    for (const field of upload.fields) {
      if (skipKeys.includes(field.key)) continue;
      const id = `${field.item ?? ''}\u0000${field.key}\u0000${field.value}`;
      if (seen.has(id)) continue;
      seen.add(id);
      facts.push({ item: field.item, key: field.key, value: field.value });
    }
  }
  return facts;
}

/** The i18n key naming an upload's field: a CP field (VaseNo, SN …) or an information code; null for others. */
export function factLabelKey(key: string, known: (i18nKey: string) => boolean): string | null {
  for (const candidate of [`control.param.${key}`, `control.info.${key}`]) if (known(candidate)) return candidate;
  return null;
}
