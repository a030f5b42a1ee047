import type { ReportStandard, ReportTimeUnit } from '@envmon/shared';
import { getSelectedProjectId } from '../../../lib/project';
import { type ReportFilterForm, reportTimeParams } from './report-filter-bar';

/** The standards read's filters, shared by the radar and the factor bar (each under its own path and permission). */
export interface StandardParams {
  deviceId: number;
  factorCodes: string[];
  standard: ReportStandard;
  waterClass: number;
  timeUnit: ReportTimeUnit;
  beginTime: number;
  endTime: number;
  projectId?: number;
}

/** From the filter bar (with the project chosen in the header). */
export function toStandardParams(form: ReportFilterForm): StandardParams {
  const projectId = getSelectedProjectId();
  return {
    deviceId: form.deviceId as number,
    factorCodes: form.factorCodes ?? [],
    standard: (form.standard as ReportStandard | undefined) ?? 'threshold',
    waterClass: (form.waterClass as number | undefined) ?? 3,
    ...reportTimeParams(form),
    ...(projectId === null ? {} : { projectId }),
  };
}
