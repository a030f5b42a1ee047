import type { IotCard, IotCardListQuery, Page } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { iotCardKeys } from './keys';
import { IOT_CARD_URLS } from './urls';

/** A page of the cards, filtered by card number, device, operator and expiry, of the header's project. */
export const iotCardPageQueryOptions = (query: Partial<IotCardListQuery>, options: { quiet?: boolean } = {}) =>
  queryOptions({
    queryKey: iotCardKeys.page(query),
    queryFn: () => api.get<Page<IotCard>>(IOT_CARD_URLS.list, { ...query }, options),
    placeholderData: keepPreviousData,
  });
