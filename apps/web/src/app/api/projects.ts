import { queryOptions } from '@tanstack/react-query';
import { DEPLOY_TYPE } from '@envmon/shared';
import { deployGroupsQueryOptions } from '../../lib/deploy-groups';

/** The projects the header's selector offers: deploy groups of type 'project', read once a page load unless a device write refreshes them. */
export const projectsQueryOptions = () =>
  queryOptions({
    ...deployGroupsQueryOptions(DEPLOY_TYPE.project),
    staleTime: Number.POSITIVE_INFINITY,
  });
