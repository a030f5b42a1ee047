import { ORIGINAL_MAX_RANGE_MS, type OriginalFilter, type OriginalStatus } from '@envmon/shared';
import type { Dayjs } from 'dayjs';

/** What the filter bar holds: device or MN, CN, status, and the required time range. */
export interface OriginalFilterForm {
  deviceId?: number;
  mn?: string;
  cn?: string;
  status?: OriginalStatus;
  range: [Dayjs, Dayjs];
}

/** The server's filter; a blank MN or CN is no filter. */
export function toOriginalFilter({ range, mn, cn, ...rest }: OriginalFilterForm): OriginalFilter {
  return {
    ...rest,
    mn: mn?.trim() || undefined,
    cn: cn?.trim() || undefined,
    beginTime: range[0].valueOf(),
    endTime: range[1].valueOf(),
  };
}

/** The range the server accepts: begin before end, at most 31 days (ORIGINAL_MAX_RANGE_MS). */
export function rangeAllowed([begin, end]: [Dayjs, Dayjs]): boolean {
  const span = end.valueOf() - begin.valueOf();
  return span >= 0 && span <= ORIGINAL_MAX_RANGE_MS;
}
