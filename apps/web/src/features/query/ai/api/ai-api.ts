import { type AiRequest, queryEndpoints } from '@envmon/shared';
import { commaListQuery } from '../../api/comma-list-query';

const calls = commaListQuery<AiRequest, typeof queryEndpoints.ai.read>(queryEndpoints.ai);

export const aiQueryOptions = calls.queryOptions;

/** The two-step export of the same filters; headers in the console's language. */
export const exportAi = calls.exportRows;
