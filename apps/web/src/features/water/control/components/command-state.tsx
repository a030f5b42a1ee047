import type { Factor, StationCommand } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { factorOptionLabel } from '../../../../lib/factor-options';
import { formatDateTime } from '../../../../lib/dayjs';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { CommandStateTag } from '../../../station-control';
import { settledExchangeQueryOptions } from '../api/get-commands';
import { answerFacts, answerPhrases, factLabelKey } from '../utils/command-answer';

/** A factor by its code, named in the console language when the station measures it. */
export function useFactorName(factors: readonly Factor[] | undefined): (code: string) => string {
  const lang = useVocabularyLang();
  return (code) => {
    const factor = factors?.find((f) => f.factorCode === code);
    return factor ? factorOptionLabel(factor, lang) : code;
  };
}

/** The values the station sent in answer to an executed command (the bottle a sample went to …). */
function AnswerFacts({
  command,
  factorName,
  skipKeys,
}: {
  command: StationCommand;
  factorName: (code: string) => string;
  skipKeys?: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const exchange = useQuery(settledExchangeQueryOptions(command.id));
  if (exchange.isError) {
    return <Typography.Text type="danger">{t('waterControl.answer.uploadsFailed')}</Typography.Text>;
  }
  const facts = answerFacts(exchange.data?.uploads ?? [], skipKeys);
  if (facts.length === 0) return null;
  return (
    <Flex vertical data-testid="water-control-facts">
      {facts.map((fact) => {
        const labelKey = factLabelKey(fact.key, (key) => i18n.exists(key));
        const label = labelKey ? t(labelKey) : fact.key;
        return (
          <Typography.Text key={`${fact.item ?? ''}-${fact.key}-${fact.value}`}>
            {fact.item ? `${factorName(fact.item)} · ` : ''}
            {t('waterControl.answer.fact', { label, value: fact.value })}
          </Typography.Text>
        );
      })}
    </Flex>
  );
}

/**
 * The latest command of an action: its state, the station's answer, when it was asked (and by whom) or
 * settled, and its answer uploads once executed. Announced politely as it changes.
 */
export function CommandState({
  command,
  withUploads,
  factorName,
  skipKeys,
}: {
  command: StationCommand;
  /** The command answers with uploads worth showing (a 3012's bottle). */
  withUploads: boolean;
  factorName: (code: string) => string;
  skipKeys?: readonly string[];
}) {
  const { t } = useTranslation();
  const phrases = answerPhrases(command);
  const polId = command.parameters.PolId;
  const time = command.finishTime ?? command.createTime;
  return (
    <Flex vertical gap={2} aria-live="polite" data-testid="water-control-state" data-state={command.state}>
      <Flex gap="small" align="center" wrap>
        <CommandStateTag state={command.state} />
        {phrases.map((phrase) => (
          <Typography.Text key={phrase.key}>{t(phrase.key, phrase.values)}</Typography.Text>
        ))}
      </Flex>
      <Typography.Text type="secondary">
        {polId ? `${factorName(polId)} · ` : ''}
        {formatDateTime(time)}
        {command.createdBy ? ` · ${command.createdBy}` : ''}
      </Typography.Text>
      {withUploads && command.state === 'executed' ? (
        <AnswerFacts command={command} factorName={factorName} skipKeys={skipKeys} />
      ) : null}
    </Flex>
  );
}
