/**
 * Deploy classify: how devices are grouped — deployType 1 is a project (SPEC section 4, tree grouping). Without
 * zod, so that the header's project selector, on the console's first screen, loads no schema; the deploy schemas
 * (./schemas/deploy.ts) build on it and re-export it.
 */
export const DEPLOY_TYPE = { project: 1, address: 2 } as const;
export type DeployType = (typeof DEPLOY_TYPE)[keyof typeof DEPLOY_TYPE];
