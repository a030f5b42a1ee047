import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { invalidateList } from './list-mutations';

const ENDPOINTS = { keyRoot: ['things'], add: '/a', update: '/u', remove: '/d' } as const;

describe('invalidateList', () => {
  it('refreshes the list’s reads, then the other caches it names, in order', async () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await invalidateList(client, { ...ENDPOINTS, alsoInvalidate: [['video'], ['other', 1]] });
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['things'], ['video'], ['other', 1]]);
  });

  it('refreshes only the list when nothing else shows its rows', async () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await invalidateList(client, ENDPOINTS);
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['things']]);
  });
});
