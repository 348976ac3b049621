import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { TaskStatus } from '../../../domain/tasks.ts';
import type { User } from '../../../domain/users.ts';
import type { Deps } from '../../deps.ts';
import { insertAssignments } from '../../modules/tasks/assignment-repository.ts';
import { insertTask, refreshTaskStatus } from '../../modules/tasks/repository.ts';
import { insertUploads, taskFileKey } from '../../modules/tasks/upload-repository.ts';
import { makePreviews } from '../../uploads/thumbnails.ts';
import { demoPng } from '../demo-png.ts';
import type { DemoPeople } from './people.ts';

const dayMs = 86_400_000;

/**
 * Each creator's own progress on a task; the task as a whole is as far as the least advanced of
 * them. Lucas is a step behind Maria on the first four, so each has their own progress, and both
 * finished the last: each creator's tasks, and the administrators' list, show every state.
 */
export const demoTasks: {
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

/** The tasks, assigned to Maria and Lucas at their own progress, with files for started work. */
export async function seedTasks(deps: Deps, { admin, maria, lucas }: DemoPeople): Promise<void> {
  const now = deps.clock();
  const stamp = now.toISOString();
  for (const [index, task] of demoTasks.entries()) {
    const id = randomUUID();
    await insertTask(deps.db, {
      id,
      title: task.title,
      description: task.description,
      dueDate: new Date(now.getTime() + task.dueInDays * dayMs).toISOString(),
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
      await seedAssignment(deps, { taskId: id, person, status, admin, now });
      if (status !== 'new') await seedUploads(deps, { taskId: id, person, shadeOf: index, now });
    }
    await refreshTaskStatus(deps.db, id, stamp);
  }
}

interface AssignmentSeed {
  taskId: string;
  person: User;
  status: TaskStatus;
  admin: User;
  now: Date;
}

async function seedAssignment(
  deps: Deps,
  { taskId, person, status, admin, now }: AssignmentSeed,
): Promise<void> {
  const stamp = now.toISOString();
  const done = status === 'submitted' || status === 'completed';
  await insertAssignments(deps.db, [
    {
      id: randomUUID(),
      taskId,
      userId: person.id,
      status,
      submittedAt: done ? stamp : null,
      completedAt: status === 'completed' ? stamp : null,
      completedBy: status === 'completed' ? admin.id : null,
      createdAt: stamp,
      updatedAt: stamp,
    },
  ]);
}

/**
 * Two small real images with their thumbnails made as an upload makes them, so the screens show
 * previews; each task's images have their own colour.
 */
async function seedUploads(
  deps: Deps,
  { taskId, person, shadeOf, now }: { taskId: string; person: User; shadeOf: number; now: Date },
): Promise<void> {
  for (const shade of [0, 1]) {
    const uploadId = randomUUID();
    const fileKey = taskFileKey(taskId, uploadId);
    const fileType = 'image/png';
    const image = demoPng(320, 400, [150 + shadeOf * 20, 90 + shade * 60, 120]);
    await deps.storage.put(fileKey, Readable.from([image]));
    await insertUploads(deps.db, [
      {
        id: uploadId,
        taskId,
        userId: person.id,
        fileName: `look-${shade + 1}.png`,
        fileKey,
        fileSize: image.length,
        fileType,
        uploadedAt: new Date(now.getTime() + shade).toISOString(),
        thumbnailKey: null,
        ...(await makePreviews(deps.storage, { fileKey, fileType }, deps.log)),
      },
    ]);
  }
}
