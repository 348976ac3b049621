import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ApplicationStatus } from '../../domain/applications.ts';
import type { Language } from '../../domain/languages.ts';
import type { TaskStatus } from '../../domain/tasks.ts';
import type { User } from '../../domain/users.ts';
import {
  createCompensation,
  publishCompensation,
  updateCompensation,
} from '../modules/compensation/service.ts';
import { notify } from '../modules/notifications/notify.ts';
import { markAllRead } from '../modules/notifications/repository.ts';
import { insertApplication } from '../modules/applications/repository.ts';
import { insertAssignments, insertTask, refreshTaskStatus } from '../modules/tasks/repository.ts';
import { insertUploads, taskFileKey } from '../modules/tasks/upload-repository.ts';
import { createUserAccount } from '../modules/users/service.ts';
import type { Deps } from '../deps.ts';
import { storedDocumentKey } from '../storage/documents.ts';
import { makeThumbnail } from '../uploads/thumbnails.ts';
import { demoPng } from './demo-png.ts';

/** Every demo account's email is at this domain; that is how the seed recognises its own. */
export const demoEmailDomain = 'demo.example';

export const demoLogins = [
  { username: 'demo_admin', password: 'demo-admin-pass', role: 'Administrator' },
  { username: 'demo_maria', password: 'demo-creator-pass', role: 'Creator (Portuguese)' },
  { username: 'demo_lucas', password: 'demo-creator-pass', role: 'Creator (Spanish)' },
  { username: 'demo_sofia', password: 'demo-creator-pass', role: 'Creator, just joined' },
] as const;

const applicants: {
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  city: string;
  state: string;
  language: Language;
  status: ApplicationStatus;
  daysAgo: number;
  colour: [number, number, number];
  note?: string;
}[] = [
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

export type SeedOutcome = 'seeded' | 'already-seeded' | { refused: string[] };

const creators: {
  username: string;
  firstName: string;
  lastName: string | null;
  language: Language;
}[] = [
  { username: 'demo_maria', firstName: 'Maria', lastName: 'Silva', language: 'pt' },
  { username: 'demo_lucas', firstName: 'Lucas', lastName: 'Moreno', language: 'es' },
  { username: 'demo_sofia', firstName: 'Sofia', lastName: null, language: 'en' },
];

/**
 * Each creator's own progress on a task; the task as a whole is as far as the least advanced of
 * them. Lucas is a step behind Maria on the first four, so each has their own progress, and both
 * finished the last: each creator's tasks, and the administrators' list, show every state.
 */
const tasks: {
  title: string;
  description: string;
  dueInDays: number;
  maria: TaskStatus;
  lucas: TaskStatus;
}[] = [
  {
    title: 'Spring lookbook: three outfits',
    description: 'Shoot three spring outfits in natural light, one full-length photo each.',
    dueInDays: 5,
    maria: 'new',
    lucas: 'new',
  },
  {
    title: 'Behind-the-scenes reel',
    description: 'A 30-second vertical video from your next shoot, no music.',
    dueInDays: 2,
    maria: 'in_progress',
    lucas: 'new',
  },
  {
    title: 'Brand collaboration teaser',
    description: 'Two photos and one short clip featuring the partner product.',
    dueInDays: -1,
    maria: 'submitted',
    lucas: 'in_progress',
  },
  {
    title: 'Profile photo refresh',
    description: 'Five portrait photos for the agency profile.',
    dueInDays: -20,
    maria: 'completed',
    lucas: 'submitted',
  },
  {
    title: 'Winter knitwear campaign',
    description: 'Four cosy indoor photos wearing the partner knitwear, warm light.',
    dueInDays: -45,
    maria: 'completed',
    lucas: 'completed',
  },
];

/**
 * Fills the database with a small demo agency. Refuses when it holds anyone besides the first
 * administrator and the demo accounts, so it can never mix invented people into a real agency.
 */
export async function seedDemo(deps: Deps): Promise<SeedOutcome> {
  const { db, documents } = deps;
  const now = deps.clock();
  const firstAdmin = await db
    .selectFrom('users')
    .select('id')
    .where('isAdmin', '=', true)
    .orderBy('createdAt')
    .executeTakeFirst();
  let others = db
    .selectFrom('users')
    .select('username')
    .where('email', 'not like', `%@${demoEmailDomain}`);
  if (firstAdmin) others = others.where('id', '!=', firstAdmin.id);
  const realPeople = await others.execute();
  if (realPeople.length > 0) return { refused: realPeople.map((row) => row.username) };

  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `%@${demoEmailDomain}`)
    .executeTakeFirst();
  if (existing) return 'already-seeded';

  const admin = await createUserAccount(deps, {
    username: 'demo_admin',
    email: `admin@${demoEmailDomain}`,
    password: 'demo-admin-pass',
    firstName: 'Demo',
    lastName: 'Manager',
    isAdmin: true,
  });
  const people = [];
  for (const creator of creators) {
    people.push(
      await createUserAccount(deps, {
        username: creator.username,
        email: `${creator.username.replace('demo_', '')}@${demoEmailDomain}`,
        password: 'demo-creator-pass',
        firstName: creator.firstName,
        lastName: creator.lastName,
        isAdmin: false,
        preferredLanguage: creator.language,
      }),
    );
  }
  const [maria, lucas] = people;
  if (!maria || !lucas) throw new Error('Demo creators were not created');

  const stamp = now.toISOString();
  for (const [index, task] of tasks.entries()) {
    const id = randomUUID();
    await insertTask(db, {
      id,
      title: task.title,
      description: task.description,
      dueDate: new Date(now.getTime() + task.dueInDays * 86_400_000).toISOString(),
      contentType: 'both',
      maxFiles: 10,
      status: 'new',
      createdBy: admin.id,
      createdAt: stamp,
      updatedAt: stamp,
    });
    const assignees = [
      { person: maria, status: task.maria },
      { person: lucas, status: task.lucas },
    ];
    for (const { person, status } of assignees) {
      const done = status === 'submitted' || status === 'completed';
      await insertAssignments(db, [
        {
          id: randomUUID(),
          taskId: id,
          userId: person.id,
          status,
          submittedAt: done ? stamp : null,
          completedAt: status === 'completed' ? stamp : null,
          completedBy: status === 'completed' ? admin.id : null,
          createdAt: stamp,
          updatedAt: stamp,
        },
      ]);
      if (status === 'new') continue;
      // A few small real images with their thumbnails made as an upload makes them, so the
      // screens show previews.
      for (const shade of [0, 1]) {
        const uploadId = randomUUID();
        const fileKey = taskFileKey(id, uploadId);
        const fileType = 'image/png';
        const image = demoPng(320, 400, [150 + index * 20, 90 + shade * 60, 120]);
        await deps.storage.put(fileKey, Readable.from([image]));
        await insertUploads(db, [
          {
            id: uploadId,
            taskId: id,
            userId: person.id,
            fileName: `look-${shade + 1}.png`,
            fileKey,
            fileSize: image.length,
            fileType,
            uploadedAt: new Date(now.getTime() + shade).toISOString(),
            thumbnailKey: await makeThumbnail(deps.storage, { fileKey, fileType }, deps.log),
          },
        ]);
      }
    }
    await refreshTaskStatus(db, id, stamp);
  }

  await seedDemoPay(deps, admin, people);
  for (const applicant of applicants) {
    const stamp = new Date(now.getTime() - applicant.daysAgo * 86_400_000).toISOString();
    const documentId = await documents.receive(
      Readable.from([demoPng(360, 240, applicant.colour)]),
    );
    await documents.keep(documentId);
    const id = randomUUID();
    const decided = applicant.status !== 'pending';
    await insertApplication(db, {
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
          handle: `@${applicant.firstName.toLowerCase()}.creates`,
          followers: 24_000 + applicant.daysAgo * 7_300,
          url: `https://instagram.com/${applicant.firstName.toLowerCase()}.creates`,
        },
        { network: 'TikTok', handle: `@${applicant.firstName.toLowerCase()}`, followers: 88_000 },
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
      await db
        .insertInto('applicationNotes')
        .values({
          id: randomUUID(),
          applicationId: id,
          authorId: admin.id,
          note: applicant.note,
          createdAt: stamp,
        })
        .execute();
    }
  }

  await notify({ ...deps, db }, maria.id, {
    type: 'task',
    write: (texts) => ({
      title: texts('notification.taskAssigned.title'),
      message: tasks[0]?.title ?? '',
    }),
  });
  return 'seeded';
}

/**
 * Two years of monthly pay for Maria and Lucas, recorded the way an administrator does it (through
 * the service, so every entry has its record of changes), each step at the time it would have
 * happened: a month is entered on the 1st of the next and published on the 5th (never later than
 * two days ago). This month's pay waits as a draft; one of Maria's was corrected yesterday. Sofia,
 * who just joined, has one draft. Older notices are read; the latest publication and the
 * correction are new in the bell.
 */
async function seedDemoPay(deps: Deps, admin: User, people: User[]) {
  const [maria, lucas, sofia] = people;
  if (!maria || !lucas || !sofia) throw new Error('Demo creators were not created');
  const now = deps.clock();
  const day = 86_400_000;
  const at = (date: Date): Deps => ({
    ...deps,
    clock: () => date,
    // The demo's invented people have no mailboxes: the pay service's mails go nowhere.
    mailer: { ...deps.mailer, sendInBackground: () => {} },
  });
  /** Day `day` of the month `back` months ago at 10:00 UTC, but no later than `daysAgo` days ago. */
  const dayOf = (back: number, dayOfMonth: number, daysAgo: number) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, dayOfMonth, 10));
    const latest = new Date(now.getTime() - daysAgo * day);
    return date < latest ? date : latest;
  };
  const periodOf = (back: number) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return { month: date.getUTCMonth() + 1, year: date.getUTCFullYear() };
  };
  // Steady growth with a seasonal bonus, so the charts and the year filter have a shape.
  const centsFor = (base: number, step: number, back: number) => {
    const bonus = [6, 11, 12].includes(periodOf(back).month) ? 45_000 : 0;
    return base + step * (24 - back) + bonus;
  };
  const creators = [
    { person: maria, base: 150_000, step: 4_250, notes: 'Retainer and content bonus' },
    { person: lucas, base: 85_000, step: 2_125, notes: 'Monthly retainer' },
  ];

  const record = (person: User, back: number, enteredAt: Date, amount: number, notes: string) =>
    createCompensation(at(enteredAt), {
      fields: { userId: person.id, ...periodOf(back), amount, notes },
      admin,
    });
  const publish = (id: string, back: number) =>
    publishCompensation(at(dayOf(back - 1, 5, 2)), { id, admin });

  const entered: Record<string, Record<number, string>> = {};
  // Each creator's months in order, the two creators side by side (on PostgreSQL, at once).
  await Promise.all(
    creators.map(async ({ person, base, step, notes }) => {
      const theirs: Record<number, string> = (entered[person.id] = {});
      for (let back = 24; back >= 1; back--) {
        const entryDate = dayOf(back - 1, 1, 3);
        const entry = await record(person, back, entryDate, centsFor(base, step, back), notes);
        theirs[back] = entry.id;
        // Last month's is published below, once the older notices are read, so it is new.
        if (back > 1) await publish(entry.id, back);
      }
    }),
  );
  for (const { person } of creators) await markAllRead(deps.db, person.id);
  for (const { person } of creators) await publish(entered[person.id]?.[1] ?? '', 1);

  await updateCompensation(at(new Date(now.getTime() - day)), {
    id: entered[maria.id]?.[2] ?? '',
    changes: {
      amount: centsFor(150_000, 4_250, 2) + 12_500,
      notes: 'Retainer, content bonus and a late campaign fee',
    },
    admin,
  });
  const thisMonth = new Date(now.getTime() - 60 * 60 * 1000);
  for (const { person, base, step, notes } of creators) {
    await record(person, 0, thisMonth, centsFor(base, step, 0), notes);
  }
  await record(sofia, 0, thisMonth, 60_000, 'First month: welcome shoot');
}
