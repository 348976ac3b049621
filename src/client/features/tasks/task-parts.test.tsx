// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../domain/languages.ts';
import { catalogues } from '../../../domain/locales/index.ts';
import { finishedAt, type TaskStatus } from '../../../domain/tasks.ts';
import { LanguageProvider } from '../../app/language-provider.tsx';
import { DueDate } from './task-parts.tsx';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** What a due date reads, as the screen renders it (tags dropped). */
function dueDateText(language: Language, status: TaskStatus, finished: string | null) {
  const html = renderToString(
    <LanguageProvider language={language} translations={catalogues[language]}>
      <DueDate dueDate={daysAgo(45)} status={status} finishedAt={finished} />
    </LanguageProvider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('a due date', () => {
  it('counts down open work, and tells when it is overdue', () => {
    expect(dueDateText('en', 'in_progress', null)).toContain('Overdue by 45 days');
  });

  it('says when finished work was submitted or completed, never that it is overdue', () => {
    const submitted = '2026-03-10T12:00:00.000Z';
    for (const [language, submittedText, completedText] of [
      ['en', 'Submitted Mar 10, 2026', 'Completed Mar 10, 2026'],
      ['es', 'Entregada el 10 mar 2026', 'Completada el 10 mar 2026'],
      ['pt', 'Entregue em 10 de mar. de 2026', 'Concluída em 10 de mar. de 2026'],
    ] as const) {
      const whenSubmitted = dueDateText(language, 'submitted', submitted);
      expect(whenSubmitted).toContain(submittedText);
      expect(whenSubmitted).not.toMatch(/Overdue|Vencida|Atrasada|text-red/);
      const whenCompleted = dueDateText(language, 'completed', submitted);
      expect(whenCompleted).toContain(completedText);
      expect(whenCompleted).not.toMatch(/Overdue|Vencida|Atrasada|text-red/);
    }
  });

  it('takes the latest finishing time of a task shared by several creators', () => {
    const parts = [
      { submittedAt: '2026-03-01T00:00:00.000Z', completedAt: '2026-03-05T00:00:00.000Z' },
      { submittedAt: '2026-03-03T00:00:00.000Z', completedAt: '2026-03-04T00:00:00.000Z' },
    ];
    expect(finishedAt('submitted', parts)).toBe('2026-03-03T00:00:00.000Z');
    expect(finishedAt('completed', parts)).toBe('2026-03-05T00:00:00.000Z');
    expect(finishedAt('in_progress', parts)).toBeNull();
  });
});
