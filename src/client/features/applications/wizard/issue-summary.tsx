import { useId, type Ref } from 'react';
import { useLanguage } from '../../../app/language-provider.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { issueText, stepOfField, type SubmitIssue } from './submit-errors.ts';

/**
 * Every issue of a refused submission, which the toasts pass too quickly to read, each with a
 * way back to the step that asks for its field.
 */
export function IssueSummary({
  issues,
  step,
  goTo,
  headingRef,
}: {
  issues: SubmitIssue[];
  step: number;
  goTo: (step: number) => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useLanguage();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-lg border border-destructive bg-destructive/10 p-4"
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold">
        {t('apply.summary.title')}
      </h2>
      <ul className="mt-3 grid gap-2 text-sm">
        {issues.map((issue, index) => {
          const issueStep = stepOfField[String(issue.path[0])];
          return (
            <li key={index} className="flex flex-wrap items-center justify-between gap-2">
              <span>{issueText(t, issue)}</span>
              {issueStep !== undefined && issueStep !== step && (
                <Button variant="outline" size="sm" onClick={() => goTo(issueStep)}>
                  {t('apply.summary.goToStep', { n: issueStep })}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
