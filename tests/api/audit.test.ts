import type { Application } from '../../src/domain/applications.ts';
import type { AuditEntry, AuditList } from '../../src/domain/audit.ts';
import type { Db } from '../../src/server/db/database.ts';
import { recordAudit } from '../../src/server/modules/audit/repository.ts';
import { createPasswordLink } from '../../src/server/modules/auth/service.ts';
import { parseCsv } from '../../src/server/modules/compensation/csv.ts';
import { applicationFields, submitApplication } from '../support/applications.ts';
import { assignTask, createTask, createTaskUpload, createUser } from '../support/factories.ts';
import { describe, expect, test, testClock } from '../support/fixtures.ts';
import { login, signIn, signedInClient } from '../support/sign-in.ts';

/** Every entry of the log, oldest first, as stored. */
function entriesOf(db: Db) {
  return db
    .selectFrom('auditEntries')
    .select(['kind', 'actorId', 'actorUsername', 'subjectType', 'subjectId', 'params'])
    .orderBy('at')
    .orderBy('id')
    .execute();
}

describe('the audit log (decision 0057)', () => {
  test('an act writes one entry with it; a refused act writes none', async ({
    db,
    admin,
    creator,
  }) => {
    const created = await admin.post('/api/admin/compensations', {
      userId: creator.user.id,
      month: 3,
      year: 2026,
      amount: '1250.5',
      notes: 'March',
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json<{ id: string }>();
    expect(await entriesOf(db)).toEqual([
      {
        kind: 'compensation.created',
        actorId: admin.user.id,
        actorUsername: admin.user.username,
        subjectType: 'compensation',
        subjectId: entry.id,
        params: expect.any(String),
      },
    ]);

    // Refused by validation, by the unique key (its transaction rolled back), by a rule.
    const invalid = await admin.post('/api/admin/compensations', {
      userId: creator.user.id,
      month: 3,
      year: 2026,
      amount: '-4',
    });
    expect(invalid.statusCode).toBe(400);
    const duplicate = await admin.post('/api/admin/compensations', {
      userId: creator.user.id,
      month: 3,
      year: 2026,
      amount: '10',
    });
    expect(duplicate.statusCode).toBe(409);
    const self = await admin.delete(`/api/admin/users/${admin.user.id}`);
    expect(self.statusCode).toBe(409);
    expect(await entriesOf(db)).toHaveLength(1);

    const page = (await admin.get('/api/admin/audit')).json<AuditList>();
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(page.items[0]).toMatchObject({
      kind: 'compensation.created',
      actorId: admin.user.id,
      actorUsername: admin.user.username,
      subjectType: 'compensation',
      subjectId: entry.id,
      summary: `Recorded $1,250.50 for @${creator.user.username}, March 2026`,
    });
  });

  test('records sign-ins and failed ones, with the name typed and the address', async ({
    app,
    db,
  }) => {
    const ana = await createUser(db, { username: 'ana_audit', password: 'right-password' });
    const address = { remoteAddress: '203.0.113.7' };
    expect(
      (await login(app, { username: 'ana_audit', password: 'wrong' }, address)).statusCode,
    ).toBe(401);
    expect(
      (await login(app, { username: '=cmd|nobody', password: 'wrong' }, address)).statusCode,
    ).toBe(401);
    expect(
      (await login(app, { username: 'ana_audit', password: 'right-password' }, address)).statusCode,
    ).toBe(200);

    const entries = await db
      .selectFrom('auditEntries')
      .select(['kind', 'actorId', 'actorUsername', 'address'])
      .orderBy('at')
      .execute();
    expect(entries).toEqual([
      {
        kind: 'auth.sign_in_failed',
        actorId: ana.id,
        actorUsername: 'ana_audit',
        address: '203.0.113.7',
      },
      {
        kind: 'auth.sign_in_failed',
        actorId: null,
        actorUsername: '=cmd|nobody',
        address: '203.0.113.7',
      },
      {
        kind: 'auth.signed_in',
        actorId: ana.id,
        actorUsername: 'ana_audit',
        address: '203.0.113.7',
      },
    ]);
  });

  test('records account, task and review acts as they happen', async ({ db, admin, creator }) => {
    const made = await admin.post('/api/admin/users', {
      username: 'new_person',
      email: 'new_person@example.com',
      password: 'password123',
      firstName: 'New',
      lastName: 'Person',
      isAdmin: false,
    });
    expect(made.statusCode, made.body).toBe(201);
    const person = made.json<{ id: string }>();
    const promoted = await admin.put(`/api/admin/users/${person.id}`, {
      username: 'new_person',
      email: 'new_person@example.com',
      firstName: 'New',
      lastName: 'Person',
      isAdmin: true,
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // The same again changes nothing, and records nothing.
    await admin.put(`/api/admin/users/${person.id}`, {
      username: 'new_person',
      email: 'new_person@example.com',
      firstName: 'New',
      lastName: 'Person',
      isAdmin: true,
    });
    expect(
      (await admin.patch(`/api/admin/users/${person.id}/password`, { newPassword: 'another-one' }))
        .statusCode,
    ).toBe(204);
    expect((await admin.delete(`/api/admin/users/${person.id}`)).statusCode).toBe(204);

    const task = await createTask(db, { title: 'Spring look' });
    await assignTask(db, { taskId: task.id, userId: creator.user.id });
    expect(
      (await creator.patch(`/api/tasks/${task.id}/status`, { status: 'in_progress' })).statusCode,
    ).toBe(200);

    const entries = await entriesOf(db);
    expect(entries.map((entry) => [entry.kind, entry.actorId])).toEqual([
      ['user.created', admin.user.id],
      ['user.role_changed', admin.user.id],
      ['user.password_set', admin.user.id],
      ['user.deleted', admin.user.id],
      ['task.status_changed', creator.user.id],
    ]);
    const page = (await admin.get('/api/admin/audit')).json<AuditList>();
    expect(page.items.map((entry) => entry.summary)).toEqual([
      'Moved “Spring look” from New to In Progress',
      'Deleted the account @new_person',
      'Set a new password for @new_person',
      'Made @new_person an administrator',
      'Created the account @new_person, a creator',
    ]);
  });

  test('records password changes, ended sessions and an erased application', async ({
    app,
    db,
    admin,
    creator,
  }) => {
    // Their own password, from Settings.
    const changed = await creator.put('/api/user/password', {
      currentPassword: creator.user.password,
      newPassword: 'a-new-password-1',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    // A reset link, used.
    const link = await createPasswordLink(app.deps, {
      userId: creator.user.id,
      validityMs: 60_000,
      purpose: 'reset',
      language: 'en',
    });
    const token = new URL(link).searchParams.get('token')!;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a-newer-password-2' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    // Signed in on two more devices; the creator signs out the others, the administrator the
    // rest. A repeat with nothing left to end records nothing.
    const phone = await signedInClient(app, creator.user);
    await signIn(db, creator.user);
    expect((await phone.post('/api/auth/sessions/revoke-others')).json()).toEqual({ ended: 1 });
    const revoke = `/api/admin/users/${creator.user.id}/sessions/revoke`;
    expect((await admin.post(revoke)).json()).toEqual({ ended: 1 });
    expect((await admin.post(revoke)).json()).toEqual({ ended: 0 });
    // An application erased; erasing it again records nothing.
    const submitted = await submitApplication(app, { fields: applicationFields() });
    const { id } = submitted.json<{ id: string }>();
    expect((await admin.delete(`/api/admin/applications-v2/${id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/admin/applications-v2/${id}`)).statusCode).toBe(204);

    const entries = await entriesOf(db);
    expect(entries.map((entry) => [entry.kind, entry.actorId, entry.subjectId])).toEqual([
      ['user.password_changed', creator.user.id, creator.user.id],
      ['user.password_reset', creator.user.id, creator.user.id],
      ['auth.sessions_ended', creator.user.id, creator.user.id],
      ['auth.sessions_ended', admin.user.id, creator.user.id],
      ['application.erased', admin.user.id, id],
    ]);
    const page = (await admin.get('/api/admin/audit')).json<AuditList>();
    expect(page.items.map((entry) => entry.summary)).toEqual([
      'Erased an application with its ID document',
      `Ended 1 session of @${creator.user.username}`,
      `Ended 1 session of @${creator.user.username}`,
      'Set a new password with a reset link',
      'Changed their own password',
    ]);
  });

  test('records application decisions and ID document openings, naming the applicant only while the application exists', async ({
    app,
    db,
    admin,
  }) => {
    const submitted = await submitApplication(app, {
      fields: applicationFields({ firstName: 'Lucía', lastName: 'Ortega' }),
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { id } = submitted.json<{ id: string }>();
    const detail = (await admin.get(`/api/admin/applications-v2/${id}`)).json<Application>();
    expect((await admin.get(detail.documentImageUrl!)).statusCode).toBe(200);
    const rejected = await admin.put(`/api/admin/applications-v2/${id}/status`, {
      status: 'rejected',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // A repeat decides nothing again.
    await admin.put(`/api/admin/applications-v2/${id}/status`, { status: 'rejected' });

    const after = (await admin.get(`/api/admin/applications-v2/${id}`)).json<Application>();
    expect(after.documentViews).toEqual([
      expect.objectContaining({ viewerUsername: admin.user.username }),
    ]);
    const summaries = async () =>
      (await admin.get('/api/admin/audit')).json<AuditList>().items.map((entry) => entry.summary);
    expect(await summaries()).toEqual([
      'Rejected the application of Lucía Ortega',
      'Opened the ID document of Lucía Ortega',
    ]);
    const stored = await db.selectFrom('auditEntries').select('params').execute();
    expect(stored.map((entry) => entry.params).join()).not.toContain('Ortega');

    expect((await admin.delete(`/api/admin/applications-v2/${id}`)).statusCode).toBe(204);
    expect(await summaries()).toEqual([
      'Erased an application with its ID document',
      'Rejected the application of an applicant since erased',
      'Opened the ID document of an applicant since erased',
    ]);
  });

  test('records reviews of work and the life of a compensation entry', async ({
    db,
    admin,
    creator,
  }) => {
    const task = await createTask(db, { title: 'Autumn reel' });
    await assignTask(db, { taskId: task.id, userId: creator.user.id, status: 'submitted' });
    await createTaskUpload(db, { taskId: task.id, userId: creator.user.id });
    const reviewed = await admin.post(
      `/api/admin/tasks/${task.id}/assignees/${creator.user.id}/review`,
      { decision: 'changes_requested', feedback: 'Brighter, please' },
    );
    expect(reviewed.statusCode, reviewed.body).toBe(200);

    const entry = (
      await admin.post('/api/admin/compensations', {
        userId: creator.user.id,
        month: 9,
        year: 2026,
        amount: '100',
      })
    ).json<{ id: string }>();
    await admin.put(`/api/admin/compensations/${entry.id}`, { amount: '120' });
    await admin.post(`/api/admin/compensations/${entry.id}/publish`);
    await admin.post(`/api/admin/compensations/${entry.id}/publish`);
    await admin.put(`/api/admin/compensations/${entry.id}`, { amount: '125', notes: 'Bonus' });

    const name = creator.user.username;
    expect(
      (await admin.get('/api/admin/audit')).json<AuditList>().items.map((item) => item.summary),
    ).toEqual([
      `Corrected the compensation of @${name}, September 2026, to $125.00`,
      `Published $120.00 to @${name}, September 2026`,
      `Changed the draft for @${name}, September 2026, to $120.00`,
      `Recorded $100.00 for @${name}, September 2026`,
      `Requested changes from @${name} on “Autumn reel”`,
    ]);
    // The entry's own history reads the same record.
    const history = (await admin.get(`/api/admin/compensations/user/${creator.user.id}`)).json<
      { history: { action: string; amount: string; previousAmount: string | null }[] }[]
    >();
    expect(history[0]!.history).toEqual([
      expect.objectContaining({ action: 'created', amount: '100.00', previousAmount: null }),
      expect.objectContaining({ action: 'edited', amount: '120.00', previousAmount: '100.00' }),
      expect.objectContaining({ action: 'published', amount: '120.00', previousAmount: null }),
      expect.objectContaining({ action: 'corrected', amount: '125.00', previousAmount: '120.00' }),
    ]);
  });

  describe('reading', () => {
    test.override('clock', () => testClock('2026-05-10T12:00:00.000Z'));

    test('filters by kind, person, search and days, a page at a time, newest first', async ({
      app,
      admin,
      clock,
    }) => {
      const bea = { id: 'bea-id', username: 'bea_admin' };
      // 30 exports by the admin on 10 May, 3 sign-ins of Bea on 11 and 12 May.
      for (let index = 0; index < 30; index++) {
        await recordAudit(app.deps, {
          actor: admin.user,
          kind: 'export.downloaded',
          subject: { type: 'export', id: `file-${index}.csv` },
          params: { file: `file-${index}.csv` },
        });
        clock.advance(1000);
      }
      for (const day of [
        '2026-05-11T08:00:00.000Z',
        '2026-05-12T08:00:00.000Z',
        '2026-05-12T23:59:59.000Z',
      ]) {
        clock.set(day);
        await recordAudit(app.deps, { actor: bea, kind: 'auth.signed_in' });
      }

      const first = (await admin.get('/api/admin/audit')).json<AuditList>();
      expect(first).toMatchObject({ total: 33, page: 1, pageSize: 25 });
      expect(first.items).toHaveLength(25);
      expect(first.items[0]).toMatchObject({
        kind: 'auth.signed_in',
        at: '2026-05-12T23:59:59.000Z',
      });
      const second = (await admin.get('/api/admin/audit?page=2')).json<AuditList>();
      expect(second.items.map((entry) => entry.subjectId)).toEqual(
        Array.from({ length: 8 }, (_, index) => `file-${7 - index}.csv`),
      );

      const list = async (query: string) =>
        (await admin.get(`/api/admin/audit?${query}`)).json<AuditList>();
      expect((await list('kind=auth.signed_in')).total).toBe(3);
      expect((await list('userId=bea-id')).total).toBe(3);
      expect((await list(`userId=${admin.user.id}`)).total).toBe(30);
      expect((await list('q=BEA')).total).toBe(3);
      expect((await list('q=file-2')).total).toBe(1 + 10);
      expect((await list('from=2026-05-11&to=2026-05-11')).total).toBe(1);
      expect((await list('from=2026-05-12')).total).toBe(2);
      expect((await list('to=2026-05-10')).total).toBe(30);
      expect((await list('kind=auth.signed_in&from=2026-05-12&to=2026-05-12')).total).toBe(2);
      // A filter the list cannot read is no filter, as with the other lists.
      expect((await list('kind=nonsense&from=yesterday')).total).toBe(33);
    });

    test('is for administrators only', async ({ app, creator }) => {
      for (const url of ['/api/admin/audit', '/api/admin/audit/export.csv']) {
        expect((await creator.get(url)).statusCode).toBe(403);
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });

    test('offers no way to change or delete an entry; the database refuses it too', async ({
      app,
      db,
      admin,
    }) => {
      await recordAudit(app.deps, { actor: admin.user, kind: 'backup.started' });
      const [entry] = (await admin.get('/api/admin/audit')).json<AuditList>().items as [AuditEntry];
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const answer = await admin.inject({
          method,
          url: `/api/admin/audit/${entry.id}`,
          payload: {},
        });
        expect(answer.statusCode).toBe(404);
      }
      expect((await admin.inject({ method: 'DELETE', url: '/api/admin/audit' })).statusCode).toBe(
        404,
      );
      await expect(
        db.updateTable('auditEntries').set({ actorUsername: 'someone_else' }).execute(),
      ).rejects.toThrow(/never changed/);
      await expect(db.deleteFrom('auditEntries').execute()).rejects.toThrow(/never/);
      expect((await admin.get('/api/admin/audit')).json<AuditList>().items).toEqual([entry]);
    });
  });

  test('exports the filtered log as CSV in the reader language, formulas kept as text, and records the export', async ({
    app,
    db,
    admin,
  }) => {
    await login(app, { username: '=HYPERLINK("http://x.example","click")', password: 'wrong' });
    await login(app, { username: '+plain', password: 'wrong' });
    await recordAudit(app.deps, { actor: admin.user, kind: 'backup.started' });

    const exported = await admin.get('/api/admin/audit/export.csv?kind=auth.sign_in_failed');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    expect(exported.headers['cache-control']).toBe('private, no-store');
    const { rows } = parseCsv(exported.body)!;
    expect(rows[0]).toEqual(['When', 'Who', 'Kind', 'About', 'What']);
    expect(rows.slice(1).map((row) => [row[1], row[2], row[4]])).toEqual([
      ["'+plain", 'Failed sign-in', 'Failed to sign in as “+plain”'],
      [
        `'=HYPERLINK("http://x.example","click")`,
        'Failed sign-in',
        'Failed to sign in as “=HYPERLINK("http://x.example","click")”',
      ],
    ]);
    expect(exported.body).toContain(`"'=HYPERLINK(""http://x.example"",""click"")"`);

    // In Spanish for a reader of Spanish; and each export is in the log.
    await admin.put('/api/user/language', { preferredLanguage: 'es' });
    const spanish = await admin.get('/api/admin/audit/export.csv?kind=backup.started');
    expect(parseCsv(spanish.body)!.rows).toEqual([
      ['Cuándo', 'Quién', 'Tipo', 'Sobre', 'Qué'],
      [
        expect.any(String),
        admin.user.username,
        'Copia de seguridad iniciada',
        '',
        'Inició una copia de seguridad',
      ],
    ]);
    const exports = await db
      .selectFrom('auditEntries')
      .select(['actorId', 'params'])
      .where('kind', '=', 'export.downloaded')
      .orderBy('at')
      .execute();
    expect(exports.map((entry) => [entry.actorId, JSON.parse(entry.params)])).toEqual([
      [admin.user.id, { file: 'audit-log.csv', filter: 'kind=auth.sign_in_failed' }],
      [admin.user.id, { file: 'audit-log.csv', filter: 'kind=backup.started' }],
    ]);
  });
});
