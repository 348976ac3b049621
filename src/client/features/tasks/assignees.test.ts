import { describe, expect, it } from 'vitest';
import { displayName, submittedCount } from './assignees.ts';

describe('assignees', () => {
  it('are named by their names, or by their username without one', () => {
    expect(displayName({ username: 'ana', firstName: 'Ana', lastName: 'Ruiz' })).toBe('Ana Ruiz');
    expect(displayName({ username: 'ana', firstName: 'Ana', lastName: null })).toBe('Ana');
    expect(displayName({ username: 'ana', firstName: null, lastName: null })).toBe('ana');
  });

  it('count as submitted once they have handed in, completed included', () => {
    expect(
      submittedCount([
        { status: 'new' },
        { status: 'in_progress' },
        { status: 'submitted' },
        { status: 'completed' },
      ]),
    ).toBe(2);
  });
});
