import { describe, expect, it } from 'vitest';
import { mergeRoleResources } from './menu.js';

const res = (id: number, module: number, childModule: number, action = 0) => ({ id, module, childModule, action });

describe('mergeRoleResources', () => {
  it('deduplicates by id across roles and sorts by module then childModule', () => {
    const merged = mergeRoleResources([
      { resourceList: [res(5, 2, 1), res(1, 1, 0)] },
      { resourceList: [res(3, 1, 2), res(5, 2, 1), res(2, 1, 1)] },
    ]);
    expect(merged.map((r) => r.id)).toEqual([1, 2, 3, 5]);
  });

  it('drops excluded resources (action 2)', () => {
    expect(mergeRoleResources([{ resourceList: [res(1, 1, 0), res(2, 1, 1, 2)] }]).map((r) => r.id)).toEqual([1]);
  });
});
