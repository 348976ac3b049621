import { describe, expect, it } from 'vitest';
import type { Application } from '../../../domain/applications.ts';
import { filterApplications } from './filter-applications.ts';

function application(overrides: Partial<Application>): Application {
  return {
    id: 'a',
    firstName: 'Ana',
    lastName: 'Silva',
    email: 'ana@example.com',
    phone: '+55 11 99999-0000',
    country: 'Brazil',
    city: 'São Paulo',
    state: 'SP',
    socialAccounts: [],
    documentType: 'passport',
    documentNumber: 'X1',
    documentImageUrl: null,
    documentMimeType: null,
    documentViews: [],
    personalMessage: 'I create fitness content and want to grow internationally with you.',
    heardAboutUs: null,
    language: 'en',
    status: 'pending',
    adminNotes: null,
    notes: [],
    reviewedBy: null,
    reviewedAt: null,
    createdUserId: null,
    submittedAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

const ana = application({ id: 'ana' });
const jose = application({
  id: 'jose',
  firstName: 'José',
  lastName: 'Pérez',
  email: 'jp@example.mx',
  personalMessage: 'Beauty and lifestyle creator from Monterrey, growing on TikTok every week.',
  status: 'approved',
  submittedAt: '2025-02-01T10:00:00.000Z',
});
const ids = (list: Application[]) => list.map(({ id }) => id);

describe('filtering applications', () => {
  it('searches first name, last name, full name, email and message, ignoring case and accents', () => {
    expect(ids(filterApplications([ana, jose], 'jose', 'all'))).toEqual(['jose']);
    expect(ids(filterApplications([ana, jose], 'SILVA', 'all'))).toEqual(['ana']);
    expect(ids(filterApplications([ana, jose], 'ana silva', 'all'))).toEqual(['ana']);
    expect(ids(filterApplications([ana, jose], 'example.mx', 'all'))).toEqual(['jose']);
    expect(ids(filterApplications([ana, jose], 'tiktok', 'all'))).toEqual(['jose']);
    expect(ids(filterApplications([ana, jose], 'são paulo', 'all'))).toEqual([]);
  });

  it('keeps one status, or all of them, newest first', () => {
    expect(ids(filterApplications([ana, jose], '', 'all'))).toEqual(['jose', 'ana']);
    expect(ids(filterApplications([ana, jose], '', 'pending'))).toEqual(['ana']);
    expect(ids(filterApplications([ana, jose], '  ', 'rejected'))).toEqual([]);
  });
});
