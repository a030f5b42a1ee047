import {
  AUDIT_ACTIONS,
  AUDIT_DATA_KINDS,
  AUDIT_REASONS,
  type AuditState,
  type DataAuditRecord,
  vocabularyLabel,
} from '@envmon/shared';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { VocabularyTag } from '../../../../components/vocabulary/vocabulary-tag';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { formatTime } from '../../../../lib/format';

/** The record lists' choices, labelled from the vocabularies (the dictionary's audit columns). */
export const auditActionOptions = (lang: 'zh' | 'en') =>
  AUDIT_ACTIONS.map((action) => ({ value: action, label: vocabularyLabel('auditAction', action, lang) }));
export const auditReasonOptions = (lang: 'zh' | 'en') =>
  AUDIT_REASONS.map((reason) => ({ value: reason, label: vocabularyLabel('auditReason', reason, lang) }));
export const auditKindOptions = (t: TFunction) =>
  AUDIT_DATA_KINDS.map((kind) => ({ value: kind, label: t(`dataAudit.kind.${kind}`) }));

const stateText = (state: AuditState | null, lang: 'zh' | 'en', t: TFunction) =>
  state === null ? t('dataAudit.record.unaudited') : vocabularyLabel('auditState', state, lang);

const valueText = (value: number | null) => (value === null ? EMPTY_CELL : String(value));

/** What a record did: the state (and value) before → after. */
export function AuditChange({ record }: { record: DataAuditRecord }) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  return (
    <span>
      {stateText(record.oldState, lang, t)}
      {record.oldValue !== null && record.oldValue !== record.stationValue ? ` (${valueText(record.oldValue)})` : ''}
      {' → '}
      <VocabularyTag name="auditState" value={record.newState} />
      {record.newValue !== null && record.newState !== 'invalid' && record.newState !== 'valid'
        ? valueText(record.newValue)
        : ''}
    </span>
  );
}

/** In force, or revoked by whom and when. */
export function RevokedMark({ record }: { record: DataAuditRecord }) {
  const { t } = useTranslation();
  if (!record.revoked) return <Tag color="green">{t('dataAudit.record.inForce')}</Tag>;
  return (
    <span>
      <Tag>{t('dataAudit.record.revoked')}</Tag>
      <Typography.Text type="secondary">
        {record.revokedBy ?? EMPTY_CELL}
        {record.revokeTime === null ? '' : ` · ${formatTime(record.revokeTime)}`}
      </Typography.Text>
    </span>
  );
}
