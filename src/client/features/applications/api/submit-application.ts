import { applicationsApi } from '../../../../domain/api/applications.ts';
import { pathOf } from '../../../../domain/api/endpoint.ts';
import type { ApplicationFields, ApplicationReceipt } from '../../../../domain/applications.ts';
import { apiUpload } from '../../../lib/api-upload.ts';

export interface ApplicationSubmission {
  fields: ApplicationFields;
  idDocument: File;
  /** The share of the application sent, 0 to 100, as it goes out (the document is most of it). */
  onProgress?: (percent: number) => void;
}

/**
 * The application as multipart (docs/product.md, section 4): the text fields first, social
 * accounts as JSON text, and the document last, so the server has every field before the file
 * streams in. Sent through `apiUpload`, the one way files go up, whose progress the wizard shows as
 * the task uploads do: on a slow uplink the document takes a while. A plain promise, not a TanStack mutation: the wizard is a public page, and public
 * pages do not download the platform's query cache (app/platform-providers.tsx).
 */
export function submitApplication({
  fields,
  idDocument,
  onProgress,
}: ApplicationSubmission): Promise<ApplicationReceipt> {
  const body = new FormData();
  const { socialAccounts, heardAboutUs, idType, ...text } = fields;
  for (const [name, value] of Object.entries(text)) body.append(name, value);
  body.append('socialAccounts', JSON.stringify(socialAccounts));
  if (idType !== undefined) body.append('idType', idType);
  if (heardAboutUs !== undefined) body.append('heardAboutUs', heardAboutUs);
  body.append('idDocument', idDocument);
  return apiUpload(pathOf(applicationsApi.submit), body, { onProgress });
}
