import { defineEndpoint } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listEndpoints } from './list-endpoints';

const declared = {
  list: defineEndpoint({ method: 'GET', path: '/things/get', response: z.null(), key: ['things'] }),
  add: defineEndpoint({ method: 'POST', path: '/things/add', response: z.null() }),
  update: defineEndpoint({ method: 'POST', path: '/things/update', response: z.null() }),
  remove: defineEndpoint({ method: 'GET', path: '/things/delete', response: z.null() }),
};

describe('listEndpoints', () => {
  it('takes the key root from the list read and the urls from the writes', () => {
    expect(listEndpoints(declared)).toEqual({
      keyRoot: ['things'],
      add: '/things/add',
      update: '/things/update',
      remove: '/things/delete',
    });
  });

  it('keeps the other caches a write refreshes', () => {
    expect(listEndpoints(declared, [['reports']]).alsoInvalidate).toEqual([['reports']]);
  });
});
