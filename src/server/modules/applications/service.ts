import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  applicationFieldsSchema,
  type Application,
  type ApplicationFields,
  type ApplicationStatusUpdate,
  type InvitationDelivery,
} from '../../../domain/applications.ts';
import type { ApiIssue } from '../../../domain/errors.ts';
import { usernameLength, type User } from '../../../domain/users.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { fieldError, DomainError, issuesOf } from '../../errors.ts';
import type { RateLimit } from '../../plugins/rate-limits.ts';
import { storedDocumentKey, type ReceivedDocument } from '../../storage/documents.ts';
import { createPasswordLink } from '../auth/service.ts';
import { findUserByLogin } from '../users/repository.ts';
import { createUserAccount } from '../users/service.ts';
import { invitationMail, rejectionMail } from './mails.ts';
import {
  deleteApplication,
  findApplication,
  findApplicationRowForUpdate,
  forgetDocument,
  hasOpenApplication,
  insertApplication,
  insertNote,
  rejectedWithDocument,
  updateUnlessApproved,
} from './repository.ts';

/**
 * Five submissions an hour from one address (issue 5). Every submission that reaches the server
 * counts, accepted or not, so repeated uploads are limited too.
 */
export const submissionLimit = {
  action: 'application',
  limit: 5,
  windowMs: 60 * 60 * 1000,
} as const satisfies RateLimit;
/** What became of an approval's invitation mail; the link only when it reached no mail server. */
export interface Invitation {
  delivery: InvitationDelivery;
  url?: string;
}

/** The approved applicant's link to choose a password is valid this long, and only once. */
export const invitationValidityMs = 7 * 24 * 60 * 60 * 1000;

const openApplication = () => fieldError('conflict', 'email', 'application.already_open');

/** Multipart text fields (every value a string) checked by the domain's v2 schema. */
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
  const parsed = applicationFieldsSchema.safeParse({
    ...Object.fromEntries(
      [
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
      ].map((name) => [name, text(name)]),
    ),
    socialAccounts,
    heardAboutUs: optional('heardAboutUs'),
    language: optional('language'),
  });
  if (parsed.success) return { fields: parsed.data };
  return { issues: issuesOf(parsed.error.issues) };
}

/** Refuses an email that already has an application waiting for a decision (409). */
export async function assertNoOpenApplication(db: Db, email: string): Promise<void> {
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
 * Saves a submission whose document is already received: the row and the document's lasting
 * name in one transaction. The caller discards the document if this throws.
 */
export async function saveApplication(
  deps: Deps,
  options: { id: string; fields: ApplicationFields; document: ReceivedDocument; now: Date },
): Promise<void> {
  const { fields, document } = options;
  const now = options.now.toISOString();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await assertNoOpenApplication(trx, fields.email);
      await insertApplication(trx, {
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
        submittedAt: now,
        updatedAt: now,
      });
      // Last: should the rename fail, the row is rolled back with it.
      await deps.documents.keep(document.fileId);
    });
  } catch (error) {
    // The unique index catches a second submission that raced past the check.
    throw isOpenEmailViolation(error) ? openApplication() : error;
  }
}

/**
 * A username for an approved applicant: the local part of their email, cut to the users rules
 * (3 to 50 characters, no '@'), with a number added when it is taken.
 */
async function freeUsername(db: Db, email: string): Promise<string> {
  let base = (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9._-]/g, '_');
  if (base.length < usernameLength.min) base = `${base}_creator`;
  base = base.slice(0, usernameLength.max);
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '' : `_${n}`;
    const candidate = `${base.slice(0, usernameLength.max - suffix.length)}${suffix}`;
    if (!(await findUserByLogin(db, candidate))) return candidate;
  }
  return `${base.slice(0, usernameLength.max - 9)}_${randomBytes(4).toString('hex')}`;
}

/**
 * An administrator's decision on an application. Approval, in one transaction, creates the
 * creator's account (no usable password yet), links it, and makes a single-use link to choose a
 * password, valid 7 days; the link is mailed after the commit in the application's language.
 * The answer says what became of the mail, and hands the administrator the link whenever it did
 * not reach a mail server (no SMTP_URL: it waits in the outbox; or the server refused it).
 */
export async function reviewApplication(
  deps: Deps,
  options: { id: string; update: ApplicationStatusUpdate; admin: User },
): Promise<{ application: Application; invitation?: Invitation }> {
  const { db } = deps;
  const { id, update, admin } = options;
  const now = deps.clock().toISOString();
  const note = update.adminNotes ? update.adminNotes : undefined;

  const outcome = await db.transaction().execute(async (trx) => {
    const current = await findApplicationRowForUpdate(trx, deps.dialect, id);
    if (!current) throw new DomainError('not_found', 'application.not_found');
    if (current.status === 'approved') throw new DomainError('conflict', 'application.locked');

    let account: User | undefined;
    let link: string | undefined;
    if (update.status === 'approved') {
      const existing = await findUserByLogin(trx, current.email);
      if (existing) {
        throw new DomainError('conflict', 'application.account_exists', {
          params: { email: current.email, username: existing.username },
        });
      }
      account = await createUserAccount(
        { ...deps, db: trx },
        {
          username: await freeUsername(trx, current.email),
          email: current.email,
          firstName: current.firstName,
          lastName: current.lastName,
          isAdmin: false,
          // Nobody knows it: the person chooses their own through the invitation link.
          password: randomBytes(32).toString('base64url'),
          preferredLanguage: current.language,
        },
      );
      link = await createPasswordLink(
        { ...deps, db: trx },
        {
          userId: account.id,
          validityMs: invitationValidityMs,
          purpose: 'invitation',
          language: current.language,
        },
      );
    }

    const changed = await updateUnlessApproved(trx, id, {
      status: update.status,
      reviewedBy: admin.id,
      reviewedAt: now,
      updatedAt: now,
      // The retention period runs from the rejection, not from later notes on it.
      rejectedAt:
        update.status === 'rejected'
          ? current.status === 'rejected'
            ? current.rejectedAt
            : now
          : null,
      ...(note ? { adminNotes: note } : {}),
      ...(account ? { createdUserId: account.id } : {}),
    });
    if (!changed) throw new DomainError('conflict', 'application.locked');
    if (note)
      await insertNote(trx, { applicationId: id, authorId: admin.id, note, createdAt: now });
    return { current, account, link };
  });

  const { current, account, link } = outcome;
  let invitation: Invitation | undefined;
  if (account && link) {
    const mail = invitationMail({
      to: current.email,
      firstName: current.firstName,
      username: account.username,
      language: current.language,
      link,
    });
    try {
      const delivery = await deps.mailer.send(mail);
      invitation = delivery === 'sent' ? { delivery } : { delivery, url: link };
    } catch (error) {
      deps.log.error({ err: error, applicationId: id }, 'The invitation mail was not delivered');
      invitation = { delivery: 'failed', url: link };
    }
  }
  if (update.status === 'rejected' && current.status !== 'rejected') {
    deps.mailer.sendInBackground(
      rejectionMail({
        to: current.email,
        firstName: current.firstName,
        language: current.language,
        siteName: deps.config.site.agencyName,
      }),
    );
  }
  const application = await findApplication(db, id);
  if (!application) throw new DomainError('not_found', 'application.not_found');
  return invitation ? { application, invitation } : { application };
}

const fileIdOf = (fileKey: string) => path.posix.basename(fileKey);

/** Erases an application with its notes, its views and its document. */
export async function eraseApplication(deps: Deps, { id }: { id: string }): Promise<void> {
  const fileKey = await deleteApplication(deps.db, id);
  if (fileKey === undefined) throw new DomainError('not_found', 'application.not_found');
  if (fileKey) await discardQuietly(deps, fileKey);
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
