/**
 * Console errors a screen must not produce, leaving out the browser's own log line for a refusal a
 * test causes on purpose: a used reset link or a wrong current password (400), every call
 * once a test has ended the session (401), a task that is gone (404), a month whose drafts
 * changed since they were shown (412), resumable uploads'
 * requests while a test has taken the network away, and the 404 of a page the test opens at an
 * address no page has.
 */
export function unexpectedProblems(
  problems: string[],
  expected: {
    refusedResetLink?: boolean;
    refusedPasswordChange?: boolean;
    sessionEnded?: boolean;
    uploadNetworkDropped?: boolean;
    pageNotFound?: boolean;
    taskGone?: boolean;
    /** A month's publication refused because its drafts changed since they were shown (412). */
    monthChanged?: boolean;
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
      ) &&
      !(expected.pageNotFound && /status of 404 \(Not Found\) \(http[^)]*\)$/.test(problem)) &&
      !(expected.taskGone && /status of 404 .*\/api\/tasks\/[\w-]+\)$/.test(problem)) &&
      !(
        expected.monthChanged &&
        /status of 412 .*\/api\/admin\/compensations\/publish-month\)$/.test(problem)
      ) &&
      !(
        expected.uploadNetworkDropped &&
        /net::ERR_INTERNET_DISCONNECTED .*\/api\/uploads\/[\w-]+\)$/.test(problem)
      ),
  );
}
