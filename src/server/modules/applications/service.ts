import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  applicationSubmissionSchema,
  documentKinds,
  maxDocumentBytes,
  type ApplicationFields,
  type ApplicationReceipt,
} from '../../../domain/applications.ts';
import type { ApiIssue } from '../../../domain/errors.ts';
import { fileKinds } from '../../../domain/files.ts';
import type { Db } from '../../db/database.ts';
import { withTransaction, type Deps } from '../../deps.ts';
import { recordAudit } from '../audit/repository.ts';
import { DomainError, fieldError, invalidInputError, issue, issuesOf } from '../../errors.ts';
import type { RateLimit } from '../../rate-limits/admission.ts';
import {
  storedDocumentKey,
  type DocumentKind,
  type ReceivedDocument,
} from '../../storage/documents.ts';
import type { ReceivedFile, UploadRules, UploadSink } from '../../uploads/receive.ts';
import type { StoredFileResponse } from '../../uploads/send.ts';
import {
  deleteApplication,
  findApplicationByDocument,
  forgetDocument,
  hasOpenApplication,
  insertApplication,
  rejectedWithDocument,
} from './repository.ts';

/**
 * Five submissions an hour from one address (docs/product.md, "Attempt limits"). Every
 * submission that reaches the server is claimed before it is read; only a saved one keeps its
 * claim, so repeated uploads are limited too.
 */
export const submissionLimit = {
  action: 'application',
  limit: 5,
  windowMs: 60 * 60 * 1000,
} as const satisfies RateLimit;

/** The ID document: one file, after the wizard's text fields (docs/product.md, section 9). */
const documentUploadRules: UploadRules = {
  fileField: 'idDocument',
  maxFiles: 1,
  maxFileBytes: maxDocumentBytes,
  kinds: documentKinds,
  maxFields: 20,
  maxFieldBytes: 64 * 1024,
  messages: {
    notMultipart: 'application.not_multipart',
    unreadable: 'application.unreadable',
    tooLarge: 'application.document_too_large',
    wrongKind: 'application.document_wrong_kind',
    tooManyFiles: 'application.one_file',
  },
};

/** Reads the request's multipart body under these rules into the sink (`receiveUpload`). */
export type ReceiveUpload = <T>(
  rules: UploadRules,
  sink: UploadSink<T>,
) => Promise<{ fields: Record<string, string>; files: ReceivedFile<T>[] }>;

const openApplication = () => fieldError('conflict', 'email', 'application.already_open');

const textFieldNames = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'country',
  'city',
  'state',
  'documentType',
  'documentNumber',
  'personalMessage',
] as const;

/** Multipart text fields (every value a string) checked by the domain's schema. */
export function parseApplicationFields(
  raw: Record<string, unknown>,
): { fields: ApplicationFields } | { issues: ApiIssue[] } {
  const text = (name: string) => (typeof raw[name] === 'string' ? raw[name] : '');
  const optional = (name: string) => (text(name).trim() === '' ? undefined : text(name));
  let socialAccounts: unknown = raw.socialAccounts;
  if (typeof socialAccounts === 'string') {
    try {
      socialAccounts = JSON.parse(socialAccounts);
    } catch {
      socialAccounts = undefined;
    }
  }
  const parsed = applicationSubmissionSchema.safeParse({
    ...Object.fromEntries(textFieldNames.map((name) => [name, text(name)])),
    socialAccounts,
    idType: optional('idType'),
    heardAboutUs: optional('heardAboutUs'),
    language: optional('language'),
  });
  if (parsed.success) return { fields: parsed.data };
  return { issues: issuesOf(parsed.error.issues) };
}

function validFields(raw: Record<string, string>): ApplicationFields {
  const parsed = parseApplicationFields(raw);
  if ('issues' in parsed) throw invalidInputError(parsed.issues);
  return parsed.fields;
}

/** A submission without its document: every problem of its fields, and the missing file. */
function missingDocument(raw: Record<string, string>): DomainError {
  const parsed = parseApplicationFields(raw);
  return invalidInputError([
    ...('issues' in parsed ? parsed.issues : []),
    issue(['idDocument'], 'application.id_document_required'),
  ]);
}

/** Refuses an email that already has an application waiting for a decision. */
async function assertNoOpenApplication(db: Db, email: string): Promise<void> {
  if (await hasOpenApplication(db, email)) throw openApplication();
}

function isOpenEmailViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const constraint = (error as { constraint?: unknown }).constraint;
  return (
    constraint === 'applications_open_email_unique' || error.message.includes('applications.email')
  );
}

/**
 * A submission: its fields are checked before the document streams in (encrypted, under a
 * temporary name), then the application is saved with the document's lasting name. Nothing is
 * left behind when anything fails: the receiver removes a refused or broken document, and this
 * removes one whose application could not be saved.
 */
export async function submitApplication(
  deps: Deps,
  { receive }: { receive: ReceiveUpload },
): Promise<ApplicationReceipt> {
  const { documents } = deps;
  let fields: ApplicationFields | undefined;
  const upload = await receive(documentUploadRules, {
    store: (bytes) => documents.receive(bytes),
    discard: (fileId) => documents.discard(fileId),
    async beforeFiles(raw) {
      fields = validFields(raw);
      await assertNoOpenApplication(deps.db, fields.email);
    },
  });
  const [document] = upload.files;
  if (!document || !fields) throw missingDocument(upload.fields);
  const receipt = { id: randomUUID(), submittedAt: deps.clock().toISOString() };
  const mimeType = fileKinds[document.kind as DocumentKind].mimeType;
  try {
    await saveApplication(deps, {
      ...receipt,
      fields,
      document: { fileId: document.stored, mimeType },
    });
  } catch (error) {
    await documents.discard(document.stored);
    throw error;
  }
  deps.log.info({ applicationId: receipt.id }, 'Application received');
  return receipt;
}

/** The row and the document's lasting name, in one transaction. */
async function saveApplication(
  deps: Deps,
  options: ApplicationReceipt & { fields: ApplicationFields; document: ReceivedDocument },
): Promise<void> {
  const { fields, document, submittedAt } = options;
  try {
    await withTransaction(deps, async (deps) => {
      await assertNoOpenApplication(deps.db, fields.email);
      await insertApplication(deps.db, {
        id: options.id,
        firstName: fields.firstName,
        lastName: fields.lastName,
        email: fields.email,
        phone: fields.phone,
        country: fields.country,
        city: fields.city,
        state: fields.state,
        socialAccounts: JSON.stringify(fields.socialAccounts),
        documentType: fields.documentType,
        idType: fields.idType ?? null,
        documentNumber: fields.documentNumber,
        documentFileKey: storedDocumentKey(document.fileId),
        documentFileType: document.mimeType,
        personalMessage: fields.personalMessage,
        heardAboutUs: fields.heardAboutUs ?? null,
        language: fields.language,
        status: 'pending',
        adminNotes: null,
        reviewedBy: null,
        reviewedAt: null,
        createdUserId: null,
        rejectedAt: null,
        submittedAt,
        updatedAt: submittedAt,
      });
      // Last: should the rename fail, the row is rolled back with it.
      await deps.documents.keep(document.fileId);
    });
  } catch (error) {
    // The unique index catches a second submission that raced past the check.
    throw isOpenEmailViolation(error) ? openApplication() : error;
  }
}

/** Stored document names are UUIDs; anything else names no document. */
const documentIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An application's ID document for an administrator to read, decrypted; every opening is
 * recorded with who opened it.
 */
export async function openDocument(
  deps: Deps,
  { fileId, viewer }: { fileId: string; viewer: { id: string; username: string } },
): Promise<Pick<StoredFileResponse, 'mimeType' | 'size' | 'fileName' | 'open'>> {
  const row = documentIdPattern.test(fileId)
    ? await findApplicationByDocument(deps.db, storedDocumentKey(fileId))
    : undefined;
  if (!row?.documentFileType) throw new DomainError('not_found', 'application.document_not_found');
  await recordAudit(deps, {
    actor: viewer,
    kind: 'application.document_viewed',
    subject: { type: 'application', id: row.id },
  });
  const extension = row.documentFileType.split('/')[1] ?? 'bin';
  return {
    mimeType: row.documentFileType,
    size: await deps.documents.size(fileId),
    fileName: `id-document.${extension}`,
    open: (range) => deps.documents.open(fileId, range),
  };
}

const fileIdOf = (fileKey: string) => path.posix.basename(fileKey);

/**
 * Erases an application with its notes and its document, recorded in the audit log in the same
 * transaction (the entry names no applicant: there is none left to name).
 */
export async function eraseApplication(
  deps: Deps,
  { id, admin }: { id: string; admin: { id: string; username: string } },
): Promise<void> {
  const fileKey = await withTransaction(deps, async (deps) => {
    const erased = await deleteApplication(deps.db, id);
    if (erased !== undefined) {
      await recordAudit(deps, {
        actor: admin,
        kind: 'application.erased',
        subject: { type: 'application', id },
      });
    }
    return erased;
  });
  // Erased already (a repeat, decision 0041): nothing is left to erase.
  if (fileKey === undefined) return;
  if (fileKey) await discardQuietly(deps, fileKey);
  deps.log.info({ applicationId: id }, 'Application erased');
}

async function discardQuietly(deps: Deps, fileKey: string) {
  await deps.documents
    .discard(fileIdOf(fileKey))
    .catch((error: unknown) =>
      deps.log.warn({ err: error, fileKey }, 'Could not delete an ID document; delete it by hand'),
    );
}

/**
 * Privacy: deletes the document of every application rejected more than `retentionDays` ago,
 * and uploads abandoned half-way (a crash between receiving and saving) after an hour.
 */
export async function sweepApplicationDocuments(
  deps: Deps,
): Promise<{ deleted: number; abandoned: number }> {
  const now = deps.clock();
  const cutoff = new Date(now.getTime() - deps.config.documents.retentionDays * 86_400_000);
  let deleted = 0;
  for (const row of await rejectedWithDocument(deps.db, cutoff.toISOString())) {
    if (!row.documentFileKey) continue;
    // The row first: a change of heart meanwhile keeps the document, and no row points at nothing.
    if (await forgetDocument(deps.db, row.id, row.documentFileKey, now.toISOString())) {
      await discardQuietly(deps, row.documentFileKey);
      deleted++;
    }
  }
  const abandoned = await deps.documents.sweepAbandoned(
    new Date(now.getTime() - submissionLimit.windowMs),
  );
  return { deleted, abandoned };
}
