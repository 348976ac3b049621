import { randomBytes } from 'node:crypto';
import type {
  Application,
  ApplicationStatus,
  ApplicationStatusUpdate,
  InvitationDelivery,
} from '../../../domain/applications.ts';
import { usernameLength, type User } from '../../../domain/users.ts';
import type { Db } from '../../db/database.ts';
import { withTransaction, type Deps } from '../../deps.ts';
import { recordAudit } from '../audit/repository.ts';
import { DomainError } from '../../errors.ts';
import type { ClaimedMail } from '../../mail/outbox.ts';
import { createPasswordLink } from '../auth/service.ts';
import { findUserByLogin, isUsernameTaken } from '../users/repository.ts';
import { createUserAccount } from '../users/service.ts';
import { invitationMail, rejectionMail } from './mails.ts';
import {
  findApplication,
  findApplicationRowForUpdate,
  insertNote,
  updateUnlessApproved,
  type ApplicationRow,
} from './repository.ts';

/** What became of an approval's invitation mail; the link only when it reached no mail server. */
export interface Invitation {
  delivery: InvitationDelivery;
  url?: string;
}

/** What an approval made: the creator's account, and their link to choose a password. */
interface Approval {
  creator: User;
  link: string;
}

/** The approved applicant's link to choose a password is valid this long, and only once. */
export const invitationValidityMs = 7 * 24 * 60 * 60 * 1000;

const notFound = () => new DomainError('not_found', 'application.not_found');
const locked = () => new DomainError('conflict', 'application.locked');

/**
 * A username for an approved applicant: the local part of their email, cut to the users rules
 * (3 to 50 characters, no '@'), with a number added when it, or one that looks like it, is taken.
 */
async function freeUsername(db: Db, email: string): Promise<string> {
  let base = (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9._-]/g, '_');
  if (base.length < usernameLength.min) base = `${base}_creator`;
  base = base.slice(0, usernameLength.max);
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '' : `_${n}`;
    const candidate = `${base.slice(0, usernameLength.max - suffix.length)}${suffix}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
  return `${base.slice(0, usernameLength.max - 9)}_${randomBytes(4).toString('hex')}`;
}

/**
 * The creator's account an approval makes (with no usable password yet), and a single-use link
 * to choose one. Refused when the email already has an account.
 */
async function createCreator(deps: Deps, application: ApplicationRow): Promise<Approval> {
  const existing = await findUserByLogin(deps.db, application.email);
  if (existing) {
    throw new DomainError('conflict', 'application.account_exists', {
      params: { email: application.email, username: existing.username },
    });
  }
  const creator = await createUserAccount(deps, {
    username: await freeUsername(deps.db, application.email),
    email: application.email,
    firstName: application.firstName,
    lastName: application.lastName,
    isAdmin: false,
    // Nobody knows it: the person chooses their own through the invitation link.
    password: randomBytes(32).toString('base64url'),
    preferredLanguage: application.language,
  });
  const link = await createPasswordLink(deps, {
    userId: creator.id,
    validityMs: invitationValidityMs,
    purpose: 'invitation',
    language: application.language,
  });
  return { creator, link };
}

/** The retention period runs from the rejection, not from later notes on it. */
function rejectedAtAfter(current: ApplicationRow, status: ApplicationStatus, now: string) {
  if (status !== 'rejected') return null;
  return current.status === 'rejected' ? current.rejectedAt : now;
}

/**
 * Delivers the invitation queued with the approval at once, and says what became of it: the link
 * too, unless a mail server took it. A refused mail stays in the outbox and is tried again.
 */
async function deliverInvitation(
  deps: Deps,
  { mail, link, applicationId }: { mail: ClaimedMail; link: string; applicationId: string },
): Promise<Invitation> {
  try {
    const delivery = await deps.outbox.deliverClaimed(mail);
    return delivery === 'sent' ? { delivery } : { delivery, url: link };
  } catch (error) {
    deps.log.error({ err: error, applicationId }, 'The invitation mail was not delivered');
    return { delivery: 'failed', url: link };
  }
}

/** The applicant's mail of a decision, queued with it: the invitation (claimed), or a first rejection. */
async function queueDecisionMail(
  deps: Deps,
  decision: { current: ApplicationRow; status: ApplicationStatus; approval: Approval | undefined },
): Promise<ClaimedMail | undefined> {
  const { current: application, status, approval } = decision;
  if (approval) {
    return deps.outbox.queueClaimed(
      deps,
      invitationMail({
        to: application.email,
        firstName: application.firstName,
        username: approval.creator.username,
        language: application.language,
        link: approval.link,
      }),
    );
  }
  if (status === 'rejected' && application.status !== 'rejected') {
    await deps.outbox.queue(
      deps,
      rejectionMail({
        to: application.email,
        firstName: application.firstName,
        language: application.language,
        siteName: deps.config.site.agencyName,
      }),
    );
  }
  return undefined;
}

/**
 * Whether the update asks for what the application already holds: its status, and no note or
 * the latest note again. Such a repeat (a double tap, a retried request) changes nothing and
 * tells no one (decision 0041).
 */
function isRepeat(current: ApplicationRow, update: ApplicationStatusUpdate): boolean {
  return (
    current.status === update.status &&
    (!update.adminNotes || update.adminNotes === current.adminNotes)
  );
}

/**
 * An administrator's decision on an application. Approval, in one transaction, creates the
 * creator's account, links it, and makes a single-use link to choose a password, valid 7 days;
 * its mail, in the application's language, is queued with it and delivered right after the commit.
 * The answer says what became of the mail, and hands the administrator the link whenever it did
 * not reach a mail server (no SMTP_URL: it waits in the outbox folder; or the server refused it,
 * and it is tried again later). A first rejection mails the applicant a courteous answer. A repeat
 * answers the application as it stands, with no invitation: the link is shown once, to the
 * approval that made it.
 */
export async function reviewApplication(
  deps: Deps,
  { id, update, admin }: { id: string; update: ApplicationStatusUpdate; admin: User },
): Promise<{ application: Application; invitation?: Invitation }> {
  const now = deps.clock().toISOString();
  const note = update.adminNotes ? update.adminNotes : undefined;

  const outcome = await withTransaction(deps, async (deps) => {
    const current = await findApplicationRowForUpdate(deps.db, deps.dialect, id);
    if (!current) throw notFound();
    if (isRepeat(current, update)) return undefined;
    if (current.status === 'approved') throw locked();
    const approval = update.status === 'approved' ? await createCreator(deps, current) : undefined;
    const changed = await updateUnlessApproved(deps.db, id, {
      status: update.status,
      reviewedBy: admin.id,
      reviewedAt: now,
      updatedAt: now,
      rejectedAt: rejectedAtAfter(current, update.status, now),
      ...(note ? { adminNotes: note } : {}),
      ...(approval ? { createdUserId: approval.creator.id } : {}),
    });
    if (!changed) throw locked();
    if (update.status === 'approved' || update.status === 'rejected') {
      await recordAudit(deps, {
        actor: admin,
        kind: update.status === 'approved' ? 'application.approved' : 'application.rejected',
        subject: { type: 'application', id },
      });
    }
    if (note) {
      await insertNote(deps.db, { applicationId: id, authorId: admin.id, note, createdAt: now });
    }
    const invitation = await queueDecisionMail(deps, { current, status: update.status, approval });
    return { approval, invitation };
  });

  const invitation =
    outcome?.approval && outcome.invitation
      ? await deliverInvitation(deps, {
          mail: outcome.invitation,
          link: outcome.approval.link,
          applicationId: id,
        })
      : undefined;
  const application = await findApplication(deps.db, id);
  if (!application) throw notFound();
  return invitation ? { application, invitation } : { application };
}
