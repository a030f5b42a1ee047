import type { DataAuditRecord } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { formatDataTime } from '../../../../lib/data-time';
import { formatDateTime } from '../../../../lib/dayjs';
import { projectDevicesQueryOptions } from '../../../../lib/device-list';
import { allFactorsQueryOptions } from '../../../../lib/factor-catalogue';
import { getSelectedProjectId } from '../../../../lib/project';

/** A record's factor by its name in the console's language (its code where the catalogue has none). */
export function FactorCell({ factorCode }: { factorCode: string }) {
  const lang = useVocabularyLang();
  const catalogue = useQuery(allFactorsQueryOptions());
  const factor = catalogue.data?.find((f) => f.factorCode === factorCode);
  if (!factor) return <span>{factorCode}</span>;
  return <span title={factorCode}>{lang === 'en' ? factor.factorNameEn : factor.factorName}</span>;
}

/** The audited value's data time on its station's clock (the hour, or the day of a day value). */
export function DataTimeCell({ record }: { record: DataAuditRecord }) {
  const devices = useQuery(projectDevicesQueryOptions(getSelectedProjectId() ?? undefined));
  const device = devices.data?.list.find((d) => d.id === record.deviceId);
  if (!device) return <span>{formatDateTime(record.dataTime)}</span>;
  return (
    <span>{formatDataTime(record.dataTime, device.utcOffsetMinutes, record.kind === 'hour' ? 'minute' : 'day')}</span>
  );
}

/** A number or the blank mark. */
export const valueText = (value: number | null) => (value === null ? EMPTY_CELL : String(value));
