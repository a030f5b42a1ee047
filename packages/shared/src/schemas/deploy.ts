import { z } from 'zod';

/** Deploy classify: how devices are grouped — deployType 1 is a project (SPEC section 4, tree grouping). */
export const DEPLOY_TYPE = { project: 1, address: 2 } as const;

export const deployClassifySchema = z.object({
  id: z.number().int(),
  deployName: z.string(),
  deployNameEn: z.string().nullable(),
  deployType: z.number().int(),
});
export type DeployClassify = z.infer<typeof deployClassifySchema>;

export const deployClassifyQuerySchema = z.object({
  deployType: z.coerce.number().int().optional(),
});
