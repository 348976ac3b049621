/**
 * Console errors a screen must not produce, leaving out the browser's own log line for a refusal a
 * test causes on purpose: a used reset link or a wrong current password (400), and every call
 * once a test has ended the session (401).
 */
export function unexpectedProblems(
  problems: string[],
  expected: {
    refusedResetLink?: boolean;
    refusedPasswordChange?: boolean;
    sessionEnded?: boolean;
  } = {},
): string[] {
  return problems.filter(
    (problem) =>
      !(expected.sessionEnded && /status of 401 /.test(problem)) &&
      !(
        expected.refusedPasswordChange && /status of 400 .*\/api\/user\/password\)$/.test(problem)
      ) &&
      !(
        expected.refusedResetLink && /status of 400 .*\/api\/auth\/reset-password\)$/.test(problem)
      ),
  );
}
