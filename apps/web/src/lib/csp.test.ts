import './csp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { globalConfig } from 'zod/v4/core';
import { LoginBody, UserCreate } from '@qm/contracts';

describe('zod under the Content Security Policy', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the jitless setting made before it loaded', () => {
    expect(globalConfig.jitless).toBe(true);
  });

  it('parses objects without evaluating code', () => {
    const evaluate = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ a: z.string(), b: z.object({ c: z.number() }) }).strict();
    for (let i = 0; i < 5; i++) expect(schema.parse({ a: 'x', b: { c: i } })).toEqual({ a: 'x', b: { c: i } });
    expect(LoginBody.safeParse({ email: 'a@example.com', password: 'x' }).success).toBe(true);
    expect(UserCreate.safeParse({}).success).toBe(false);
    expect(evaluate).not.toHaveBeenCalled();
  });
});
