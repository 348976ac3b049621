import { z } from 'zod';
import { wizardStepCount } from '../../../../domain/applications.ts';

/**
 * What the visitor has typed, kept in this tab's session storage so a reload loses nothing. Session
 * rather than local storage: the draft holds an ID number, and should not outlive the tab on a
 * shared computer. The document file is never kept.
 */
const draftKey = 'applicationDraft';

const draftSchema = z.object({
  step: z.number().int().min(1).max(wizardStepCount),
  values: z.record(z.string(), z.unknown()),
});
export type ApplicationDraft = z.infer<typeof draftSchema>;

export function loadDraft(): ApplicationDraft | null {
  try {
    const stored = window.sessionStorage.getItem(draftKey);
    if (stored === null) return null;
    return draftSchema.safeParse(JSON.parse(stored)).data ?? null;
  } catch {
    // Blocked storage or a damaged draft: start with an empty form.
    return null;
  }
}

export function saveDraft(draft: ApplicationDraft): void {
  try {
    window.sessionStorage.setItem(draftKey, JSON.stringify(draft));
  } catch {
    // Blocked or full storage only loses the reload safety net, not the form.
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(draftKey);
  } catch {
    // Nothing to clear when storage is blocked.
  }
}
