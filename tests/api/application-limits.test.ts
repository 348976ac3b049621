import { applicationFields, submitApplication } from '../support/applications.ts';
import { describe, expect, test } from '../support/fixtures.ts';

const oneHour = 60 * 60;

describe('application submissions sent all at once', () => {
  test('a parallel burst of 12 from one address gets exactly 5 accepted', async ({ app, db }) => {
    const address = '198.51.100.40';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        submitApplication(app, {
          address,
          fields: applicationFields({ email: `burst${index}@example.com` }),
        }),
      ),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const answer of refused) {
      expect(answer.json()).toEqual({
        code: 'application.too_many',
        params: { count: 60 },
        message: 'Too many applications from your network. Please wait 60 minutes and try again.',
      });
      const retryAfter = Number(answer.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(oneHour - 60);
      expect(retryAfter).toBeLessThanOrEqual(oneHour);
    }
    const stored = await db.selectFrom('applications').select('id').execute();
    expect(stored).toHaveLength(5);
  });
});
