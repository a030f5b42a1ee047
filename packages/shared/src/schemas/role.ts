import { z } from 'zod';
import { idSchema, optionalText, requiredText } from './common.js';
import { resourceSchema } from './resource.js';

export const roleSchema = z.object({
  id: z.number().int(),
  roleName: z.string(),
  remark: z.string().nullable(),
  builtIn: z.boolean(),
  resourceIds: z.array(z.number().int()),
});
export type Role = z.infer<typeof roleSchema>;

/** A role as user info carries it: with its resources (action 2 already dropped). */
export const roleWithResourcesSchema = z.object({
  id: z.number().int(),
  roleName: z.string(),
  resourceList: z.array(resourceSchema),
});
export type RoleWithResources = z.infer<typeof roleWithResourcesSchema>;

export const roleInputSchema = z.object({
  roleName: requiredText(64),
  remark: optionalText(),
  resourceIds: z.array(idSchema).default([]),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

export const roleFilterSchema = z.object({ roleName: z.string().trim().optional() });
