import type { AdminCompensation, Compensation } from '../../src/domain/compensation.ts';
import { createUser } from '../support/factories.ts';
import { describe, expect, test, testClock } from '../support/fixtures.ts';

/**
 * Writes to one record sent all at once are made one at a time, and what they record follows the
 * order they were made in (decision 0037).
 */

// A clock that moves on a millisecond at every reading: two writes that read it at different
// moments carry different times, so a write that read it before waiting for another shows.
test.override('clock', () => {
  const clock = testClock('2026-03-01T10:00:00.000Z');
  return {
    ...clock,
    now: () => {
      clock.advance(1);
      return clock.now();
    },
  };
});

describe('compensation changes sent all at once', () => {
  test('are recorded with times in the order of the record', async ({ admin, db }) => {
    const maria = await createUser(db, { firstName: 'Maria' });
    const created = await admin.post('/api/admin/compensations', {
      userId: maria.id,
      month: 3,
      year: 2026,
      amount: '1300',
      notes: 'March retainer',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Compensation>();

    // Edits, the publication and corrections racing each other.
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, index) =>
        admin.put(`/api/admin/compensations/${id}`, {
          amount: String(1400 + index),
          notes: `Figure ${index}`,
        }),
      ),
      admin.post(`/api/admin/compensations/${id}/publish`),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(13).fill(200));

    const history = await admin.get(`/api/admin/compensations/user/${maria.id}`);
    const [entry] = history.json<AdminCompensation[]>();
    const times = entry!.history.map((change) => change.at);
    expect(times).toHaveLength(14);
    expect(times).toEqual([...times].sort());
    // Each change starts from what the one before it left.
    for (const [index, change] of entry!.history.entries()) {
      if (index === 0 || change.previousAmount === null) continue;
      expect(change.previousAmount).toBe(entry!.history[index - 1]!.amount);
    }
  });
});
