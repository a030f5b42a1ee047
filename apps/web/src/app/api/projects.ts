import { queryOptions } from '@tanstack/react-query';
import { DEPLOY_TYPE, type DeployClassify } from '@envmon/shared';
import { api } from '../../lib/api';

/** The projects the header's selector offers: deploy classifies of type 'project'. */
export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: ['deploy-classify', 'findAll', DEPLOY_TYPE.project],
    queryFn: () =>
      api.get<DeployClassify[]>('/manager/system/device/deploy/classify/rest/findAll', { deployType: DEPLOY_TYPE.project }),
    staleTime: Number.POSITIVE_INFINITY,
  });
