import type { Language } from '../../../domain/languages.ts';
import { paths } from '../../../domain/routes.ts';
import { composeMail } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { LocalizedText } from '../notifications/notify.ts';

const assignedTexts: Record<
  Language,
  { subject: string; greeting: string; intro: string; due: string; action: string }
> = {
  en: {
    subject: 'New task: {title}',
    greeting: 'Hello {name},',
    intro: 'You have a new task from the agency: {title}.',
    due: 'It is due {due}.',
    action: 'Open the task',
  },
  es: {
    subject: 'Nueva tarea: {title}',
    greeting: 'Hola, {name}:',
    intro: 'La agencia te ha asignado una nueva tarea: {title}.',
    due: 'Hay que entregarla el {due}.',
    action: 'Abrir la tarea',
  },
  pt: {
    subject: 'Nova tarefa: {title}',
    greeting: 'Olá, {name},',
    intro: 'A agência atribuiu uma nova tarefa a você: {title}.',
    due: 'O prazo é {due}.',
    action: 'Abrir a tarefa',
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The mail a creator gets when a task is assigned to them, in their language. */
export function taskAssignedMail(options: {
  to: string;
  name: string;
  language: Language;
  task: { id: string; title: string; dueDate: string };
  appUrl: string;
}): MailMessage {
  const t = assignedTexts[options.language];
  const due = new Intl.DateTimeFormat(options.language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(options.task.dueDate));
  const values = { name: options.name, title: options.task.title, due: `${due} (UTC)` };
  return composeMail({
    to: options.to,
    language: options.language,
    subject: fill(t.subject, values),
    blocks: [
      fill(t.greeting, values),
      fill(t.intro, values),
      fill(t.due, values),
      {
        link: new URL(paths.taskDetail(options.task.id), `${options.appUrl}/`).toString(),
        label: t.action,
      },
    ],
  });
}

/** The bell's notice of a new task (type task, relatedId the task, opening /tasks/{id}). */
export const taskAssignedTitle: LocalizedText = {
  en: 'New task assigned',
  es: 'Nueva tarea asignada',
  pt: 'Nova tarefa atribuída',
};
