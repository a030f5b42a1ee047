import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns on jitless in the configuration zod reads', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
