import type { Compensation } from '../../src/domain/compensation.ts';
import type { CompensationInput } from '../../src/domain/compensation-input.ts';
import { createUser } from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { signedInClient } from '../support/sign-in.ts';

/**
 * Ana (whose last name holds a comma and quotes) and Bruno (who has no name) and their
 * compensation over two years, drafts and published entries, some notes a spreadsheet would run
 * as formulas: recorded through the API for every test of the file (`entries`, an auto fixture).
 */
const test = base
  .extend('ana', ({ db }) =>
    createUser(db, {
      username: 'ana_creates',
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Lima, "Aninha"',
    }),
  )
  .extend('bruno', ({ db }) =>
    createUser(db, {
      username: 'bruno_films',
      email: 'bruno@example.com',
      firstName: null,
      lastName: null,
    }),
  )
  .extend('asAna', ({ app, ana }) => signedInClient(app, ana))
  .extend('entries', { auto: true }, async ({ admin, ana, bruno }) => {
    const entries: Record<string, Compensation> = {};
    const add = async (name: string, fields: CompensationInput, publish: boolean) => {
      const response = await admin.post('/api/admin/compensations', fields);
      expect(response.statusCode, response.body).toBe(201);
      const entry = response.json<Compensation>();
      if (publish) await admin.post(`/api/admin/compensations/${entry.id}/publish`);
      entries[name] = entry;
    };
    await add(
      'anaJanuary',
      {
        userId: ana.id,
        month: 1,
        year: 2026,
        amount: '1300.5',
        notes: '=HYPERLINK("http://x.example","click")',
      },
      true,
    );
    await add(
      'anaFebruary',
      {
        userId: ana.id,
        month: 2,
        year: 2026,
        amount: '980',
        notes: 'Line one\nline two, with "quotes"',
      },
      true,
    );
    await add(
      'anaMarchDraft',
      { userId: ana.id, month: 3, year: 2026, amount: '5555', notes: 'draft' },
      false,
    );
    await add(
      'anaOld',
      { userId: ana.id, month: 12, year: 2025, amount: '100', notes: '+1 bonus' },
      true,
    );
    await add(
      'brunoJanuary',
      { userId: bruno.id, month: 1, year: 2026, amount: '777.77', notes: '@SUM(A1:A9)' },
      true,
    );
    await add(
      'brunoOld',
      { userId: bruno.id, month: 11, year: 2025, amount: '12', notes: '-2+3' },
      false,
    );
    return entries;
  });

const byteOrderMark = '\uFEFF';

/** The rows of a CSV as a spreadsheet reads them (RFC 4180: quotes, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += character;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return rows;
}

describe('GET /api/admin/compensations/export.csv', () => {
  test("is headed in the administrator's language", async ({ admin }) => {
    expect((await admin.put('/api/user/language', { preferredLanguage: 'pt' })).statusCode).toBe(
      200,
    );
    const [header] = parseCsv(
      (await admin.get('/api/admin/compensations/export.csv')).body.slice(1),
    );
    expect(header).toEqual([
      'Influenciador',
      'Nome de usuário',
      'E-mail',
      'Mês',
      'Ano',
      'Valor',
      'Status',
      'Publicado em',
      'Observações',
    ]);
  });

  test('downloads every entry as UTF-8 with a BOM, CRLF rows and RFC 4180 quoting', async ({
    admin,
  }) => {
    const response = await admin.get('/api/admin/compensations/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="compensation-all-years.csv"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.startsWith(byteOrderMark)).toBe(true);

    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual([
      'Creator',
      'Username',
      'Email',
      'Month',
      'Year',
      'Amount',
      'Status',
      'Published at',
      'Notes',
    ]);
    // In the sheet's order: year, month, then creator.
    expect(rows.map((row) => `${row[4]}-${row[3]} ${row[1]}`)).toEqual([
      '2025-11 bruno_films',
      '2025-12 ana_creates',
      '2026-1 ana_creates',
      '2026-1 bruno_films',
      '2026-2 ana_creates',
      '2026-3 ana_creates',
    ]);
    const february = rows.find((row) => row[3] === '2' && row[1] === 'ana_creates');
    expect(february).toEqual([
      'Ana Lima, "Aninha"',
      'ana_creates',
      'ana@example.com',
      '2',
      '2026',
      '980.00',
      'published',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      'Line one\nline two, with "quotes"',
    ]);
    // A creator without a name goes by their username; a draft has no publication time.
    expect(rows[0]).toEqual([
      'bruno_films',
      'bruno_films',
      'bruno@example.com',
      '11',
      '2025',
      '12.00',
      'draft',
      '',
      "'-2+3",
    ]);
  });

  test('neutralises every cell that a spreadsheet would run as a formula', async ({ admin }) => {
    const text = (await admin.get('/api/admin/compensations/export.csv')).body;
    const notes = parseCsv(text.slice(1))
      .slice(1)
      .map((row) => row[8]);
    expect(notes).toContain(`'=HYPERLINK("http://x.example","click")`);
    expect(notes).toContain("'+1 bonus");
    expect(notes).toContain("'@SUM(A1:A9)");
    expect(notes).toContain("'-2+3");
    for (const note of notes) expect(note).not.toMatch(/^[=+\-@\t\r]/);
  });

  test('narrows to one year when asked', async ({ admin }) => {
    const response = await admin.get('/api/admin/compensations/export.csv?year=2025');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="compensation-2025.csv"',
    );
    const rows = parseCsv(response.body.slice(1)).slice(1);
    expect(rows.map((row) => [row[1], row[3], row[4]])).toEqual([
      ['bruno_films', '11', '2025'],
      ['ana_creates', '12', '2025'],
    ]);
    // A year with nothing gives the header alone.
    const empty = await admin.get('/api/admin/compensations/export.csv?year=2030');
    expect(parseCsv(empty.body.slice(1))).toHaveLength(1);
  });

  test("narrows to one creator's compensation, drafts included, from that creator's screen", async ({
    admin,
    ana,
    bruno,
  }) => {
    const response = await admin.get(`/api/admin/compensations/export.csv?userId=${bruno.id}`);
    const rows = parseCsv(response.body.slice(1)).slice(1);
    expect(rows.map((row) => [row[1], row[3], row[4], row[6]])).toEqual([
      ['bruno_films', '11', '2025', 'draft'],
      ['bruno_films', '1', '2026', 'published'],
    ]);
    const ofYear = await admin.get(
      `/api/admin/compensations/export.csv?userId=${ana.id}&year=2025`,
    );
    expect(
      parseCsv(ofYear.body.slice(1))
        .slice(1)
        .map((row) => [row[1], row[3], row[4]]),
    ).toEqual([['ana_creates', '12', '2025']]);
  });

  test('is for administrators only', async ({ app, ana, asAna }) => {
    expect((await asAna.get('/api/admin/compensations/export.csv')).statusCode).toBe(403);
    expect(
      (await asAna.get(`/api/admin/compensations/export.csv?userId=${ana.id}`)).statusCode,
    ).toBe(403);
    const anonymous = await app.inject({
      method: 'GET',
      url: '/api/admin/compensations/export.csv',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/compensations/export.csv', () => {
  test("gives a creator their own published compensation only: no draft, nobody else's", async ({
    app,
    bruno,
    asAna,
  }) => {
    const response = await asAna.get('/api/compensations/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="my-compensation.csv"',
    );
    expect(response.body.startsWith(byteOrderMark)).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual(['Month', 'Year', 'Amount', 'Published at', 'Notes']);
    expect(rows.map((row) => [row[0], row[1], row[2], row[4]])).toEqual([
      ['12', '2025', '100.00', "'+1 bonus"],
      ['1', '2026', '1300.50', `'=HYPERLINK("http://x.example","click")`],
      ['2', '2026', '980.00', 'Line one\nline two, with "quotes"'],
    ]);
    expect(response.body).not.toContain('5555');
    expect(response.body).not.toContain('777.77');

    const asBruno = await signedInClient(app, bruno);
    const brunos = parseCsv((await asBruno.get('/api/compensations/export.csv')).body.slice(1));
    expect(brunos.slice(1).map((row) => row[2])).toEqual(['777.77']);
  });

  test("narrows to the year the screen shows, headed in the reader's language", async ({
    asAna,
  }) => {
    const ofYear = await asAna.get('/api/compensations/export.csv?year=2026');
    expect(ofYear.statusCode).toBe(200);
    expect(ofYear.headers['content-disposition']).toBe(
      'attachment; filename="my-compensation-2026.csv"',
    );
    const [header, ...rows] = parseCsv(ofYear.body.slice(1));
    expect(header).toEqual(['Month', 'Year', 'Amount', 'Published at', 'Notes']);
    expect(rows.map((row) => [row[0], row[1], row[2]])).toEqual([
      ['1', '2026', '1300.50'],
      ['2', '2026', '980.00'],
    ]);

    expect((await asAna.put('/api/user/language', { preferredLanguage: 'es' })).statusCode).toBe(
      200,
    );
    const spanish = parseCsv(
      (await asAna.get('/api/compensations/export.csv?year=2025')).body.slice(1),
    );
    expect(spanish).toEqual([
      ['Mes', 'Año', 'Importe', 'Publicado el', 'Notas'],
      ['12', '2025', '100.00', expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), "'+1 bonus"],
    ]);
    // All years (no year) is still the whole history.
    const all = parseCsv((await asAna.get('/api/compensations/export.csv')).body.slice(1));
    expect(all[0]).toEqual(['Mes', 'Año', 'Importe', 'Publicado el', 'Notas']);
    expect(all.slice(1).map((row) => row[1])).toEqual(['2025', '2026', '2026']);
  });

  test('refuses a year that is not one with 400 and a clear message', async ({ asAna }) => {
    for (const year of ['abc', '1999', '2101', '2025.5', '']) {
      const response = await asAna.get(`/api/compensations/export.csv?year=${year}`);
      expect(response.statusCode, year).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json<{ code: string; issues: { path: string[]; message: string }[] }>();
      expect(body.issues).toEqual([
        expect.objectContaining({
          path: ['year'],
          message: 'Year must be a whole number from 2020 to 2100',
        }),
      ]);
    }
  });

  test('is for creators: administrators 403, nobody signed in 401', async ({ app, admin }) => {
    expect((await admin.get('/api/compensations/export.csv')).statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'GET',
      url: '/api/compensations/export.csv',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/compensations', () => {
  test("answers the creator's published entries, newest first, as the export does", async ({
    asAna,
    entries,
  }) => {
    const mine = (await asAna.get('/api/compensations')).json<Compensation[]>();
    expect(mine.map((entry) => [entry.year, entry.month, entry.amount])).toEqual([
      [2026, 2, '980.00'],
      [2026, 1, '1300.50'],
      [2025, 12, '100.00'],
    ]);
    expect(mine.map((entry) => entry.id)).not.toContain(entries.anaMarchDraft?.id);
  });
});
