import { defineEndpoint } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listCalls, listEndpoints, listPageQueryOptions } from './list-endpoints';

const declared = {
  list: defineEndpoint({ method: 'GET', path: '/things/get', response: z.null(), key: ['things'] }),
  add: defineEndpoint({ method: 'POST', path: '/things/add', response: z.null() }),
  update: defineEndpoint({ method: 'POST', path: '/things/update', response: z.null() }),
  remove: defineEndpoint({ method: 'GET', path: '/things/delete', response: z.null() }),
};

describe('listEndpoints', () => {
  it('takes the key root from the list read and the writes as declared', () => {
    expect(listEndpoints(declared)).toEqual({
      keyRoot: ['things'],
      add: declared.add,
      update: declared.update,
      remove: declared.remove,
    });
  });

  it('keeps the other caches a write refreshes', () => {
    expect(listEndpoints(declared, [['reports']]).alsoInvalidate).toEqual([['reports']]);
  });
});

describe('listCalls', () => {
  it('reads a page under the list’s key root, where its writes invalidate', () => {
    const calls = listCalls(declared, [['reports']]);
    expect(calls.endpoints).toEqual(listEndpoints(declared, [['reports']]));
    expect(calls.listQuery({ pageNum: 2, pageSize: 20, name: 'a' }).queryKey).toEqual([
      'things',
      'page',
      { pageNum: 2, pageSize: 20, name: 'a' },
    ]);
  });

  it('keeps the last page on screen while the next loads', () => {
    const options = listPageQueryOptions(declared.list, { pageNum: 1, pageSize: 20 });
    expect(options.placeholderData).toBeDefined();
  });
});
