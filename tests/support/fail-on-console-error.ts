import { afterEach, vi } from 'vitest';

// An error printed during a test is a failure the user would meet, even when assertions pass.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length === 0) return;
  const printed = errors.map((args) => args.map(String).join(' ')).join('\n');
  errors.length = 0;
  throw new Error(`console.error was called during the test:\n${printed}`);
});
