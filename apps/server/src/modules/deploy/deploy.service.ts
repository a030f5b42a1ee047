import type { DeployClassify } from '@envmon/shared';
import { toDeployClassify } from './deploy.mapper.js';
import type { DeployClassifyRepository } from './deploy.repository.js';

/** Device groupings; deployType 1 are the projects of the header's project selector. */
export class DeployClassifyService {
  constructor(private readonly repo: DeployClassifyRepository) {}

  async findAll(deployType: number | undefined): Promise<DeployClassify[]> {
    return (await this.repo.findAll(deployType)).map(toDeployClassify);
  }
}
