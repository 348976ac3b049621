import { useMutation } from '@tanstack/react-query';
import type { ApplicationFields } from '../../../../domain/applications.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export interface ApplicationSubmission {
  fields: ApplicationFields;
  idDocument: File;
}

/**
 * POST /api/applications-v2 as multipart (spec section 7): the text fields first, social accounts
 * as JSON text, and the document last, so the server has every field before the file streams in.
 */
export function submitApplication({ fields, idDocument }: ApplicationSubmission): Promise<unknown> {
  const body = new FormData();
  const { socialAccounts, heardAboutUs, ...text } = fields;
  for (const [name, value] of Object.entries(text)) body.append(name, value);
  body.append('socialAccounts', JSON.stringify(socialAccounts));
  if (heardAboutUs !== undefined) body.append('heardAboutUs', heardAboutUs);
  body.append('idDocument', idDocument);
  return apiFetch('/api/applications-v2', { method: 'POST', body });
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}
