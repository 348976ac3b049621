import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { TaskInput } from '../../src/domain/task-input.ts';
import type { Db } from '../../src/server/db/database.ts';
import type {
  ApplicationsTable,
  CompensationsTable,
  NotificationsTable,
  UsersTable,
} from '../../src/server/db/schema.ts';
import type {
  TaskAssignmentsTable,
  TasksTable,
  TaskUploadsTable,
} from '../../src/server/db/schema-tasks.ts';
import { searchable } from '../../src/domain/lists.ts';
import { insertApplication } from '../../src/server/modules/applications/repository.ts';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { findUserById, insertUser } from '../../src/server/modules/users/repository.ts';

let sequence = 0;
// Decimal digits after a 't': usernames are unique by their look-alike skeleton (decision 0040), in
// which letters and digits such as 'o' and '0' or 'l' and '1' are one.
const next = () => `t${Date.now()}_${sequence++}`;
const now = () => new Date().toISOString();

export type TestUser = Selectable<UsersTable> & { password: string };

// Hashing is slow on purpose; users given the same password share its hash, which is as valid.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** Inserts a user straight into the database; the plain password comes back for signing in. */
export async function createUser(
  db: Db,
  overrides: Partial<Insertable<UsersTable>> & { password?: string } = {},
): Promise<TestUser> {
  const { password = 'password123', ...fields } = overrides;
  const id = next();
  const user = {
    id: randomUUID(),
    username: `creator_${id}`,
    email: `creator_${id}@example.com`,
    firstName: 'Test',
    lastName: 'Creator',
    profileImageUrl: null,
    passwordHash: await hashOf(password),
    isAdmin: false,
    preferredLanguage: 'en' as const,
    createdAt: now(),
    updatedAt: now(),
    ...fields,
  };
  await insertUser(db, user);
  const stored = await findUserById(db, user.id);
  if (!stored) throw new Error('createUser: the user was not stored');
  // The stored row for what the database fills in (search text, times not given); the given
  // values as given (a boolean stays a boolean on SQLite).
  return { ...stored, ...user, password };
}

/** Inserts an application as the public form would leave it: pending, a unique email. */
export async function createApplication(
  db: Db,
  overrides: Partial<Insertable<ApplicationsTable>> = {},
) {
  const id = next();
  const application = {
    id: randomUUID(),
    firstName: 'Ana',
    lastName: 'Lima',
    email: `applicant_${id}@example.com`,
    phone: '+1 555 0100',
    country: 'Brazil',
    city: 'Recife',
    state: 'PE',
    socialAccounts: '[]',
    documentType: 'passport' as const,
    documentNumber: 'X1',
    documentFileKey: null,
    documentFileType: null,
    personalMessage: 'I create travel and lifestyle content and would love to work with you.',
    heardAboutUs: null,
    status: 'pending' as const,
    adminNotes: null,
    reviewedBy: null,
    reviewedAt: null,
    createdUserId: null,
    submittedAt: now(),
    updatedAt: now(),
    ...overrides,
  };
  await insertApplication(db, application);
  return application;
}

export async function createTask(
  db: Db,
  overrides: Partial<Insertable<TasksTable>> = {},
): Promise<Selectable<TasksTable>> {
  const task = {
    id: randomUUID(),
    title: `Task ${next()}`,
    description: 'Shoot three looks in natural light.',
    dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    contentType: 'both' as const,
    maxFiles: 100,
    status: 'new' as const,
    createdBy: null,
    createdAt: now(),
    updatedAt: now(),
    ...overrides,
  };
  const row = { ...task, searchText: searchable(task.title, task.description) };
  await db.insertInto('tasks').values(row).execute();
  return row;
}

/** Assigns a task to a creator (status `assigned` unless told otherwise). */
export async function assignTask(
  db: Db,
  fields: { taskId: string; userId: string } & Partial<Insertable<TaskAssignmentsTable>>,
): Promise<Selectable<TaskAssignmentsTable>> {
  const assignment = {
    id: randomUUID(),
    status: 'new' as const,
    submittedAt: null,
    completedAt: null,
    completedBy: null,
    createdAt: now(),
    updatedAt: now(),
    ...fields,
  };
  await db.insertInto('taskAssignments').values(assignment).execute();
  // Read back: the database adds the task's due date and content type (migration 0008).
  return db
    .selectFrom('taskAssignments')
    .selectAll()
    .where('id', '=', assignment.id)
    .executeTakeFirstOrThrow();
}

/**
 * The row of an uploaded task file, nothing in storage: put bytes under `fileKey` where a test
 * downloads or deletes the file.
 */
export async function createTaskUpload(
  db: Db,
  fields: { taskId: string; userId: string } & Partial<Insertable<TaskUploadsTable>>,
): Promise<Selectable<TaskUploadsTable>> {
  const upload = {
    id: randomUUID(),
    fileName: 'look.jpg',
    fileKey: `uploads/${randomUUID()}.jpg`,
    fileSize: 10,
    fileType: 'image/jpeg',
    uploadedAt: now(),
    thumbnailKey: null,
    viewKey: null,
    ...fields,
  };
  await db.insertInto('taskUploads').values(upload).execute();
  return upload;
}

/** A month's compensation; the amount in integer cents, as stored. */
export async function createCompensation(
  db: Db,
  userId: string,
  overrides: Partial<Insertable<CompensationsTable>> = {},
): Promise<Selectable<CompensationsTable>> {
  const compensation = {
    id: randomUUID(),
    userId,
    month: 1,
    year: 2026,
    amountCents: 100_000,
    status: 'draft' as const,
    notes: null,
    createdBy: null,
    publishedAt: null,
    publishedBy: null,
    createdAt: now(),
    updatedAt: now(),
    ...overrides,
  };
  await db.insertInto('compensations').values(compensation).execute();
  return compensation;
}

export async function createNotification(
  db: Db,
  userId: string,
  overrides: Partial<Insertable<NotificationsTable>> = {},
): Promise<Selectable<NotificationsTable>> {
  const notification = {
    id: randomUUID(),
    userId,
    title: 'Welcome',
    message: 'Your account is ready.',
    type: 'system' as const,
    relatedId: null,
    isRead: false,
    createdAt: now(),
    ...overrides,
  };
  await db.insertInto('notifications').values(notification).execute();
  return notification;
}

/** A task as the administrator's form sends it, for the creators `assignedUsers`. */
export const taskInput = (
  assignedUsers: string[],
  overrides: Partial<TaskInput> = {},
): TaskInput => ({
  title: 'Beach shoot',
  description: 'Ten photos at golden hour.',
  dueDate: '2026-12-01T18:00:00.000Z',
  contentType: 'photo',
  maxFiles: '10',
  assignedUsers,
  ...overrides,
});
