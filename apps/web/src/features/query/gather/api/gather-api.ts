import { type GatherRequest, queryEndpoints } from '@envmon/shared';
import { commaListQuery } from '../../api/comma-list-query';

const calls = commaListQuery<GatherRequest, typeof queryEndpoints.gather.read>(queryEndpoints.gather);

export const gatherQueryOptions = calls.queryOptions;

/** The two-step export of the same filters; headers in the console's language. */
export const exportGather = calls.exportRows;
