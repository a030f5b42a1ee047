import { FORWARD_ERROR_KINDS, FORWARD_PAUSE_AFTER, type ForwardErrorKind } from '@envmon/shared';
import type { TFunction } from 'i18next';

/** A forwarding error in the reader's words: what happened, for a pause the failure behind it, and the detail. */
export interface ForwardErrorWords {
  summary: string;
  /** A pause's last failure, worded as `summary` words it. */
  cause: string | null;
  /** What the server recorded beyond the kind (the OS's error, …); null when the words already say all of it. */
  detail: string | null;
}

/** QnRtn values of a refusal (HJ212.md §6, 9011/9014), by label. */
const QN_RTN_KEYS: Readonly<Record<string, string>> = {
  '2': 'transferFormat.qnRtn.2',
  '3': 'transferFormat.qnRtn.3',
  '4': 'transferFormat.qnRtn.4',
  '5': 'transferFormat.qnRtn.5',
  '6': 'transferFormat.qnRtn.6',
  '7': 'transferFormat.qnRtn.7',
  '8': 'transferFormat.qnRtn.8',
  '9': 'transferFormat.qnRtn.9',
};

const isKind = (value: string): value is ForwardErrorKind => (FORWARD_ERROR_KINDS as readonly string[]).includes(value);

/**
 * The words for a status's error (`lastErrorKind`, `lastError`). The server records the kind and a detail in
 * English (the OS's error, "QnRtn 3 (PW error)", "after 2 sends", a pause's "timeout: after 2 sends"); the numbers
 * in it are worded here, the rest is shown as the detail. A status from before kinds were recorded (kind null)
 * shows its text as it is.
 */
export function forwardErrorWords(
  kind: ForwardErrorKind | null,
  detail: string | null,
  t: TFunction,
): ForwardErrorWords {
  const text = detail ?? '';
  if (kind === null) return { summary: text, cause: null, detail: null };
  switch (kind) {
    case 'paused': {
      // The last failure, kind first: "timeout: after 2 sends", "refused: QnRtn 3 (PW error)".
      const [, inner = '', innerDetail = ''] = /^(\w+)(?:: ([\s\S]*))?$/.exec(text) ?? [];
      const cause = isKind(inner) && inner !== 'paused' ? forwardErrorWords(inner, innerDetail, t) : null;
      return {
        summary: t('transferFormat.errors.paused', { count: FORWARD_PAUSE_AFTER }),
        cause: cause?.summary ?? null,
        detail: cause ? cause.detail : text || null,
      };
    }
    case 'timeout': {
      const sends = /(\d+)/.exec(text)?.[1];
      return sends === undefined
        ? { summary: t('transferFormat.errors.timeout'), cause: null, detail: text || null }
        : { summary: t('transferFormat.errors.timeoutAfter', { count: Number(sends) }), cause: null, detail: null };
    }
    case 'refused': {
      const qnRtn = /QnRtn (\d+)/.exec(text)?.[1];
      if (qnRtn === undefined)
        return { summary: t('transferFormat.errors.refused'), cause: null, detail: text || null };
      const reasonKey = QN_RTN_KEYS[qnRtn];
      const reason = reasonKey === undefined ? t('transferFormat.qnRtn.unknown') : t(reasonKey);
      return { summary: t('transferFormat.errors.refusedCode', { qnRtn, reason }), cause: null, detail: null };
    }
    case 'request': {
      // "2051: <why>": the CN asked, then why it could not be answered.
      const [, cn, why = ''] = /^(\d{4}): ?([\s\S]*)$/.exec(text) ?? [];
      return cn === undefined
        ? { summary: t('transferFormat.errors.request'), cause: null, detail: text || null }
        : { summary: t('transferFormat.errors.requestCn', { cn }), cause: null, detail: why || null };
    }
    case 'unreachable':
      return { summary: t('transferFormat.errors.unreachable'), cause: null, detail: text || null };
    case 'closed':
      return { summary: t('transferFormat.errors.closed'), cause: null, detail: text || null };
  }
}
