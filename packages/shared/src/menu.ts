import { RESOURCE_ACTION } from './resources.js';

interface MenuOrdered {
  id: number;
  module: number;
  childModule: number;
  action: number;
}

/** Menu order (SPEC section 6): by module, then childModule; id keeps the order stable. */
export function compareMenuOrder(a: MenuOrdered, b: MenuOrdered): number {
  return a.module - b.module || a.childModule - b.childModule || a.id - b.id;
}

/**
 * The resources of a user's roles as one menu list: action 2 (excluded) dropped, deduplicated
 * by id, sorted by module then childModule (SPEC section 6).
 */
export function mergeRoleResources<R extends MenuOrdered>(roles: readonly { resourceList: readonly R[] }[]): R[] {
  const byId = new Map<number, R>();
  for (const role of roles) {
    for (const resource of role.resourceList) {
      if (resource.action !== RESOURCE_ACTION.excluded && !byId.has(resource.id)) byId.set(resource.id, resource);
    }
  }
  return [...byId.values()].sort(compareMenuOrder);
}
