import type { FastifyInstance } from 'fastify';
import type { Application, ApplicationList } from '../../src/domain/applications.ts';
import { applicationFields, samplePng, submitApplication } from '../support/applications.ts';
import { createUser } from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import {
  createSignedInUser,
  login,
  signedInClient,
  type SignedInClient,
} from '../support/sign-in.ts';

/** Mail goes out through a real SMTP server; the administrator `reviewer` decides. */
const test = base.extend('admin', ({ app }) =>
  createSignedInUser(app, { username: 'reviewer', isAdmin: true }),
);
test.override('appEnv', ({ smtp }) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Agency <team@agency.example>',
}));

async function apply(app: FastifyInstance, fields: Record<string, string>): Promise<string> {
  const response = await submitApplication(app, { fields: applicationFields(fields) });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

const list = async (admin: SignedInClient) => {
  const response = await admin.get('/api/admin/applications-v2');
  expect(response.statusCode).toBe(200);
  return response.json<ApplicationList>().items;
};

const setStatus = (admin: SignedInClient, id: string, payload: Record<string, unknown>) =>
  admin.put(`/api/admin/applications-v2/${id}/status`, payload);

describe('reviewing applications', () => {
  test('keeps the ID type the applicant picked beside its document type, and refuses one that disagrees', async ({
    app,
    admin,
  }) => {
    // State ID and National ID are both stored as national_id; the choice itself is kept.
    const id = await apply(app, {
      email: 'state@example.com',
      documentType: 'national_id',
      idType: 'State ID',
    });
    const shown = await admin.get(`/api/admin/applications-v2/${id}`);
    expect(shown.json<Application>()).toMatchObject({
      documentType: 'national_id',
      idType: 'State ID',
    });
    // A client that sends only the document type still applies; the choice is then unknown.
    const bare = await apply(app, { email: 'bare@example.com', documentType: 'passport' });
    expect((await admin.get(`/api/admin/applications-v2/${bare}`)).json<Application>().idType).toBe(
      null,
    );

    const disagreeing = await submitApplication(app, {
      fields: applicationFields({
        email: 'odd@example.com',
        documentType: 'passport',
        idType: 'State ID',
      }),
    });
    expect(disagreeing.statusCode).toBe(400);
    expect(disagreeing.json()).toMatchObject({
      code: 'application.id_type_mismatch',
      issues: [{ path: ['idType'] }],
    });
    const unknown = await submitApplication(app, {
      fields: applicationFields({ email: 'odd@example.com', idType: 'Library Card' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'application.id_type_invalid' });
  });

  test('lists applications newest first, each with its document address and note history', async ({
    app,
    admin,
  }) => {
    const first = await apply(app, { email: 'first@example.com', firstName: 'Ana' });
    const second = await apply(app, {
      email: 'second@example.com',
      firstName: 'Bea',
      language: 'pt',
    });

    const [newest, older] = (await list(admin)).filter((application) =>
      [first, second].includes(application.id),
    );
    expect(newest).toMatchObject({
      id: second,
      firstName: 'Bea',
      language: 'pt',
      status: 'pending',
      documentMimeType: 'image/png',
      notes: [],
      adminNotes: null,
      createdUserId: null,
    });
    expect(newest?.documentImageUrl).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    expect(older?.id).toBe(first);

    const reviewing = await setStatus(admin, first, {
      status: 'under_review',
      adminNotes: 'Strong portfolio; check the ID photo.',
    });
    expect(reviewing.statusCode).toBe(200);
    expect(reviewing.json()).toMatchObject({ status: 'under_review', reviewedBy: admin.user.id });
    expect(reviewing.json()).not.toHaveProperty('invitationUrl');
    const noted = await setStatus(admin, first, {
      status: 'under_review',
      adminNotes: 'ID is fine.',
    });
    const { notes, adminNotes } = noted.json<Application>();
    expect(adminNotes).toBe('ID is fine.');
    expect(notes.map(({ note, authorUsername }) => ({ note, authorUsername }))).toEqual([
      { note: 'Strong portfolio; check the ID photo.', authorUsername: 'reviewer' },
      { note: 'ID is fine.', authorUsername: 'reviewer' },
    ]);
    expect(Date.parse(notes[0]?.createdAt ?? '')).toBeLessThanOrEqual(
      Date.parse(notes[1]?.createdAt ?? ''),
    );
    // A change without a note keeps the history as it is.
    const withoutNote = await setStatus(admin, first, { status: 'pending' });
    expect(withoutNote.json<Application>().notes).toHaveLength(2);
    expect((await list(admin)).find((application) => application.id === first)?.notes).toHaveLength(
      2,
    );
  });

  test('asks for a status with its message', async ({ app, admin }) => {
    const id = await apply(app, { email: 'nostatus@example.com' });
    const response = await setStatus(admin, id, { adminNotes: 'Looks good' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'application.status_required',
      message: 'Missing Information: Please select a status for the application.',
    });
    expect(
      (await setStatus(admin, '00000000-0000-4000-8000-000000000000', { status: 'rejected' }))
        .statusCode,
    ).toBe(404);
  });

  test('sends a courteous mail in the applicant language on rejection, once', async ({
    app,
    admin,
    smtp,
  }) => {
    const id = await apply(app, {
      email: 'rechazo@example.com',
      firstName: 'Carmen',
      language: 'es',
    });
    expect((await setStatus(admin, id, { status: 'rejected' })).statusCode).toBe(200);
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['rechazo@example.com']);
    expect(mail.subject).toBe('Sobre tu solicitud');
    expect(mail.text).toContain('Hola, Carmen:');
    expect(mail.text).toContain('Gracias por solicitar unirte a la agencia');
    // Signed with the configured site's name, as the sender is.
    expect(mail.text).toContain('El equipo de Creator Agency');
    expect(mail.html).toContain('<html lang="es">');

    // A note on an application already rejected does not mail the person again.
    expect(
      (await setStatus(admin, id, { status: 'rejected', adminNotes: 'Too few followers.' }))
        .statusCode,
    ).toBe(200);
    await setStatus(admin, id, { status: 'under_review' });
    expect(smtp.untaken()).toEqual([]);
  });

  test('approves in one step: account, link to the application, invitation whose link sets a password once', async ({
    app,
    db,
    admin,
    smtp,
  }) => {
    // The email's local part is taken as a username: the new one gets a number.
    await createUser(db, { username: 'lucia', email: 'someone-else@example.com' });
    const id = await apply(app, { email: 'Lucia@example.com', language: 'es' });

    const approved = await setStatus(admin, id, {
      status: 'approved',
      adminNotes: 'Welcome aboard.',
    });
    expect(approved.statusCode).toBe(200);
    const application = approved.json<Application & { invitationUrl?: string }>();
    expect(application).toMatchObject({ status: 'approved', adminNotes: 'Welcome aboard.' });
    // Mail is configured and went out, so the link is not handed to the administrator.
    expect(application.invitationUrl).toBeUndefined();

    const account = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', application.createdUserId ?? '')
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      username: 'lucia_2',
      email: 'lucia@example.com',
      firstName: 'Lucía',
      lastName: 'Fernández',
      preferredLanguage: 'es',
    });
    expect(Boolean(account.isAdmin)).toBe(false);

    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['lucia@example.com']);
    expect(mail.subject).toBe('Tu solicitud ha sido aprobada: elige tu contraseña');
    expect(mail.text).toContain('Hola, Lucía:');
    expect(mail.text).toContain('lucia_2');
    expect(mail.text).toContain('dentro de 7 días');
    // Marked as an invitation, so the page welcomes the person instead of speaking of a reset.
    const token =
      /http:\/\/localhost:3000\/reset-password\?token=([\w-]+)&welcome=1&lang=es\s/.exec(
        mail.text,
      )?.[1];
    expect(token).toBeDefined();

    // Valid for 7 days.
    const link = await db
      .selectFrom('passwordResetTokens')
      .select(['expiresAt', 'createdAt'])
      .where('userId', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(7 * 24 * 3600 * 1000);

    const chosen = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'my-own-password' },
    });
    expect(chosen.statusCode).toBe(204);
    const signedIn = await login(app, {
      username: 'lucia@example.com',
      password: 'my-own-password',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ username: 'lucia_2', isAdmin: false });
    const reused = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'another-password' },
    });
    expect(reused.statusCode).toBe(400);

    // The welcome notification waits in the creator's bell, in Spanish.
    const bell = await (await signedInClient(app, account)).get('/api/notifications');
    expect(JSON.stringify(bell.json())).toContain('Te damos la bienvenida a Creator Agency');

    // Approved is final: any later change is refused and nothing moves; approving again is a
    // repeat, answered as it stands (decision 0041).
    const repeat = await setStatus(admin, id, { status: 'approved' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({ status: 'approved', createdUserId: account.id });
    expect(repeat.json()).not.toHaveProperty('invitationDelivery');
    for (const payload of [
      { status: 'rejected' },
      { status: 'approved', adminNotes: 'One more note' },
    ]) {
      const locked = await setStatus(admin, id, payload);
      expect(locked.statusCode).toBe(409);
      expect(locked.json()).toEqual({
        code: 'application.locked',
        message:
          'This application was approved and its account created, so it can no longer be changed.',
      });
    }
    const after = (await list(admin)).find((entry) => entry.id === id);
    expect(after).toMatchObject({ status: 'approved', notes: [{ note: 'Welcome aboard.' }] });
    expect(
      await db.selectFrom('users').select('id').where('email', '=', 'lucia@example.com').execute(),
    ).toHaveLength(1);
    expect(smtp.untaken()).toEqual([]);
  });

  test('refuses to approve when an account with that email exists, changing nothing', async ({
    app,
    db,
    admin,
  }) => {
    await createUser(db, { username: 'existing_dan', email: 'dan@example.com' });
    const id = await apply(app, { email: 'dan@example.com' });
    const users = await db.selectFrom('users').select('id').execute();

    const refused = await setStatus(admin, id, { status: 'approved', adminNotes: 'Approve' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'application.account_exists',
      params: { email: 'dan@example.com', username: 'existing_dan' },
      message:
        'An account with the email dan@example.com already exists (username existing_dan), so approving would create a second one. Nothing was changed.',
    });
    expect((await list(admin)).find((entry) => entry.id === id)).toMatchObject({
      status: 'pending',
      notes: [],
      createdUserId: null,
    });
    expect(await db.selectFrom('users').select('id').execute()).toHaveLength(users.length);
  });

  test('answers a Range request for a document with 206 and just those bytes', async ({
    app,
    admin,
  }) => {
    const id = await apply(app, { email: 'ranged@example.com' });
    const documentImageUrl =
      (await list(admin)).find((entry) => entry.id === id)?.documentImageUrl ?? '';
    const ranged = await admin.get(documentImageUrl, { headers: { range: 'bytes=8-23' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 8-23/${samplePng.length}`);
    expect(ranged.rawPayload.equals(samplePng.subarray(8, 24))).toBe(true);

    const whole = await admin.get(documentImageUrl);
    expect(whole.headers['content-length']).toBe(String(samplePng.length));
    expect(whole.headers['accept-ranges']).toBe('bytes');

    const beyond = await admin.get(documentImageUrl, {
      headers: { range: `bytes=${samplePng.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  test('serves the document to administrators only, byte for byte, recording each view', async ({
    app,
    db,
    admin,
  }) => {
    const id = await apply(app, { email: 'document@example.com' });
    const documentImageUrl =
      (await list(admin)).find((entry) => entry.id === id)?.documentImageUrl ?? '';

    const shown = await admin.get(documentImageUrl);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(samplePng)).toBe(true);
    expect(shown.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });

    const creator = await createUser(db);
    const asCreator = await (await signedInClient(app, creator)).get(documentImageUrl);
    expect(asCreator.statusCode).toBe(403);
    expect(asCreator.json()).toEqual({
      code: 'auth.admin_only',
      message: 'Only administrators can do this.',
    });
    const anonymous = await app.inject({ method: 'GET', url: documentImageUrl });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.rawPayload.includes(samplePng.subarray(0, 8))).toBe(false);

    // Each opening by an administrator is recorded and listed with the application, newest first;
    // the refused attempts are not.
    await admin.get(documentImageUrl);
    const { documentViews } = (await list(admin)).find((entry) => entry.id === id)!;
    expect(documentViews).toEqual([
      { viewerUsername: 'reviewer', viewedAt: expect.any(String) },
      { viewerUsername: 'reviewer', viewedAt: expect.any(String) },
    ]);
    expect(documentViews[0]!.viewedAt >= documentViews[1]!.viewedAt).toBe(true);

    const unknown = await admin.get('/objects/uploads/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  test('erases an application completely, its document included', async ({ app, db, admin }) => {
    const id = await apply(app, { email: 'erase@example.com' });
    await setStatus(admin, id, { status: 'under_review', adminNotes: 'A note that goes too' });
    const documentImageUrl =
      (await list(admin)).find((entry) => entry.id === id)?.documentImageUrl ?? '';
    const erased = await admin.delete(`/api/admin/applications-v2/${id}`);
    expect(erased.statusCode).toBe(204);
    expect((await list(admin)).some((entry) => entry.id === id)).toBe(false);
    const gone = await admin.get(documentImageUrl);
    expect(gone.statusCode).toBe(404);
    expect(
      await db
        .selectFrom('applicationNotes')
        .select('id')
        .where('applicationId', '=', id)
        .execute(),
    ).toEqual([]);
    // Erasing it again finds nothing left to erase (decision 0041).
    const again = await admin.delete(`/api/admin/applications-v2/${id}`);
    expect(again.statusCode).toBe(204);
  });

  test('counts the real applications on the admin dashboard', async ({ app, admin }) => {
    const before = (await list(admin)).length;
    const pendingBefore = (await list(admin)).filter((entry) => entry.status === 'pending').length;
    await apply(app, { email: 'dashboard@example.com' });
    const dashboard = await admin.get('/api/admin/dashboard');
    expect(dashboard.json()).toMatchObject({
      applications: { total: before + 1, pending: pendingBefore + 1 },
    });
  });
});
