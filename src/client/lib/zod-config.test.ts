import { describe, expect, it } from 'vitest';
import './zod-config.ts';
import { z } from 'zod';

describe("the browser's Zod settings", () => {
  it('build and parse schemas without trying to compile code, which the CSP would refuse', () => {
    const original = globalThis.Function;
    const attempts: string[][] = [];
    globalThis.Function = new Proxy(original, {
      construct(_target, args: string[]) {
        attempts.push(args);
        throw new EvalError('Refused to evaluate a string as JavaScript');
      },
    });
    try {
      const schema = z.object({ name: z.string(), age: z.number() });
      expect(schema.parse({ name: 'Ana', age: 30 })).toEqual({ name: 'Ana', age: 30 });
      expect(schema.safeParse({ name: 'Ana' }).success).toBe(false);
    } finally {
      globalThis.Function = original;
    }
    expect(attempts).toEqual([]);
  });
});
