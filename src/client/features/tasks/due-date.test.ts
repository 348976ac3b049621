import { describe, expect, it } from 'vitest';
import { taskInputSchema } from '../../../domain/task-input.ts';
import { toDateTimeLocal } from './due-date.ts';

describe('the due date in a datetime-local input', () => {
  it('shows an instant as local wall-clock time, to the minute', () => {
    const local = new Date(2026, 2, 10, 14, 30, 45);
    expect(toDateTimeLocal(local.toISOString())).toBe('2026-03-10T14:30');
  });

  it('is sent as the ISO instant of the local time typed (the form schema converts it)', () => {
    const typed = '2026-12-31T23:59';
    const sent = taskInputSchema.shape.dueDate.parse(typed);
    expect(sent).toBe(new Date(2026, 11, 31, 23, 59).toISOString());
    expect(toDateTimeLocal(sent)).toBe(typed);
  });

  it('shows nothing for text that is not a date', () => {
    expect(toDateTimeLocal('soon')).toBe('');
  });
});
