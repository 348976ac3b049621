import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ApplicationStatus } from '../../../domain/applications.ts';
import type { Language } from '../../../domain/languages.ts';
import type { User } from '../../../domain/users.ts';
import type { Deps } from '../../deps.ts';
import { insertApplication, insertNote } from '../../modules/applications/repository.ts';
import { storedDocumentKey } from '../../storage/documents.ts';
import { demoPng } from '../demo-png.ts';
import { demoEmailDomain } from './people.ts';

const dayMs = 86_400_000;

interface Applicant {
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  city: string;
  state: string;
  language: Language;
  status: ApplicationStatus;
  daysAgo: number;
  /** The colour of their made-up ID document's image. */
  colour: [number, number, number];
  note?: string;
}

const applicants: Applicant[] = [
  {
    firstName: 'Valentina',
    lastName: 'Rojas',
    email: `valentina@${demoEmailDomain}`,
    country: 'Colombia',
    city: 'Medellín',
    state: 'Antioquia',
    language: 'es',
    status: 'pending',
    daysAgo: 1,
    colour: [214, 170, 120],
  },
  {
    firstName: 'Camila',
    lastName: 'Souza',
    email: `camila@${demoEmailDomain}`,
    country: 'Brazil',
    city: 'São Paulo',
    state: 'SP',
    language: 'pt',
    status: 'under_review',
    daysAgo: 3,
    colour: [120, 170, 214],
    note: 'Strong engagement on TikTok; confirm the document number by phone.',
  },
  {
    firstName: 'Emma',
    lastName: 'Clarke',
    email: `emma@${demoEmailDomain}`,
    country: 'United Kingdom',
    city: 'Manchester',
    state: 'Greater Manchester',
    language: 'en',
    status: 'pending',
    daysAgo: 0,
    colour: [150, 200, 150],
  },
  {
    firstName: 'Jake',
    lastName: 'Miller',
    email: `jake@${demoEmailDomain}`,
    country: 'United States',
    city: 'Austin',
    state: 'Texas',
    language: 'en',
    status: 'rejected',
    daysAgo: 9,
    colour: [190, 150, 200],
    note: 'Audience mostly bought followers.',
  },
];

/** Applications in every status, each with an ID document an administrator can open. */
export async function seedApplications(deps: Deps, admin: User): Promise<void> {
  for (const applicant of applicants) await seedApplication(deps, applicant, admin);
}

async function seedApplication(deps: Deps, applicant: Applicant, admin: User): Promise<void> {
  const stamp = new Date(deps.clock().getTime() - applicant.daysAgo * dayMs).toISOString();
  const documentId = await deps.documents.receive(
    Readable.from([demoPng(360, 240, applicant.colour)]),
  );
  await deps.documents.keep(documentId);
  const id = randomUUID();
  const decided = applicant.status !== 'pending';
  const handle = applicant.firstName.toLowerCase();
  await insertApplication(deps.db, {
    id,
    firstName: applicant.firstName,
    lastName: applicant.lastName,
    email: applicant.email,
    phone: '+1 305 555 0100',
    country: applicant.country,
    city: applicant.city,
    state: applicant.state,
    socialAccounts: JSON.stringify([
      {
        network: 'Instagram',
        handle: `@${handle}.creates`,
        followers: 24_000 + applicant.daysAgo * 7_300,
        url: `https://instagram.com/${handle}.creates`,
      },
      { network: 'TikTok', handle: `@${handle}`, followers: 88_000 },
    ]),
    documentType: 'passport',
    documentNumber: `P${(1_000_000 + applicant.daysAgo * 4321).toString()}`,
    documentFileKey: storedDocumentKey(documentId),
    documentFileType: 'image/png',
    personalMessage: `Hi, I am ${applicant.firstName}. I create lifestyle and fitness content and I am looking for a team that helps me plan, grow and earn from it.`,
    heardAboutUs: 'Social Media',
    language: applicant.language,
    status: applicant.status,
    adminNotes: applicant.note ?? null,
    reviewedBy: decided ? admin.id : null,
    reviewedAt: decided ? stamp : null,
    createdUserId: null,
    rejectedAt: applicant.status === 'rejected' ? stamp : null,
    submittedAt: stamp,
    updatedAt: stamp,
  });
  if (applicant.note) {
    await insertNote(deps.db, {
      applicationId: id,
      authorId: admin.id,
      note: applicant.note,
      createdAt: stamp,
    });
  }
}
