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

/** A due date written out in the reader's language; the zone is named, as readers live in several. */
function dueInWords(dueDate: string, language: Language): string {
  const due = new Intl.DateTimeFormat(language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(dueDate));
  return `${due} (UTC)`;
}

/** The mail a creator gets when a task is assigned to them, in their language. */
export function taskAssignedMail(options: {
  to: string;
  name: string;
  language: Language;
  task: { id: string; title: string; dueDate: string };
  appUrl: string;
}): MailMessage {
  const t = assignedTexts[options.language];
  const values = {
    name: options.name,
    title: options.task.title,
    due: dueInWords(options.task.dueDate, options.language),
  };
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

/** The two due-date reminders: two days before, and within the last day (decision 0030). */
export type DueReminderKind = 'dueSoon' | 'dueToday';

const reminderTexts: Record<
  DueReminderKind,
  Record<Language, { subject: string; intro: string; ask: string }>
> = {
  dueSoon: {
    en: {
      subject: 'Reminder: {title} is due in 2 days',
      intro: 'Your task {title} is due {due}.',
      ask: 'It has not been submitted yet. Upload your files and submit it for review before then.',
    },
    es: {
      subject: 'Recordatorio: {title} vence en 2 días',
      intro: 'Tu tarea {title} vence el {due}.',
      ask: 'Todavía no la has enviado. Sube tus archivos y envíala a revisión antes de esa fecha.',
    },
    pt: {
      subject: 'Lembrete: {title} vence em 2 dias',
      intro: 'Sua tarefa {title} vence em {due}.',
      ask: 'Ela ainda não foi enviada. Envie seus arquivos e mande a tarefa para avaliação antes disso.',
    },
  },
  dueToday: {
    en: {
      subject: 'Reminder: {title} is due within 24 hours',
      intro: 'Your task {title} is due {due}.',
      ask: 'It has not been submitted yet. Upload your files and submit it for review in time.',
    },
    es: {
      subject: 'Recordatorio: {title} vence en menos de 24 horas',
      intro: 'Tu tarea {title} vence el {due}.',
      ask: 'Todavía no la has enviado. Sube tus archivos y envíala a revisión a tiempo.',
    },
    pt: {
      subject: 'Lembrete: {title} vence em menos de 24 horas',
      intro: 'Sua tarefa {title} vence em {due}.',
      ask: 'Ela ainda não foi enviada. Envie seus arquivos e mande a tarefa para avaliação a tempo.',
    },
  },
};

/** The bell's reminder titles; the message is the task's title, and a click opens it. */
export const dueReminderTitles: Record<DueReminderKind, LocalizedText> = {
  dueSoon: {
    en: 'Task due in 2 days',
    es: 'Tarea que vence en 2 días',
    pt: 'Tarefa que vence em 2 dias',
  },
  dueToday: {
    en: 'Task due within 24 hours',
    es: 'Tarea que vence en menos de 24 horas',
    pt: 'Tarefa que vence em menos de 24 horas',
  },
};

/** A due-date reminder to a creator who has not submitted, in their language. */
export function dueReminderMail(options: {
  kind: DueReminderKind;
  to: string;
  name: string;
  language: Language;
  task: { id: string; title: string; dueDate: string };
  appUrl: string;
}): MailMessage {
  const t = reminderTexts[options.kind][options.language];
  const values = {
    name: options.name,
    title: options.task.title,
    due: dueInWords(options.task.dueDate, options.language),
  };
  return composeMail({
    to: options.to,
    language: options.language,
    subject: fill(t.subject, values),
    blocks: [
      fill(assignedTexts[options.language].greeting, values),
      fill(t.intro, values),
      t.ask,
      {
        link: new URL(paths.taskDetail(options.task.id), `${options.appUrl}/`).toString(),
        label: assignedTexts[options.language].action,
      },
    ],
  });
}
