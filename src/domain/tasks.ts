export const taskStatuses = ['new', 'in_progress', 'submitted', 'completed'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const contentTypes = ['photo', 'video', 'both'] as const;
export type ContentType = (typeof contentTypes)[number];

export const assignmentStatuses = ['assigned', 'in_progress', 'submitted', 'completed'] as const;
export type AssignmentStatus = (typeof assignmentStatuses)[number];

export const maxFilesLimit = { min: 1, max: 100, default: 100 } as const;
export const taskTitleMaxLength = 200;
