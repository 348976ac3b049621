import type { Language } from '../../../domain/languages.ts';
import { paths } from '../../../domain/routes.ts';
import type { ReviewDecision } from '../../../domain/tasks.ts';
import { composeMail } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { LocalizedText } from '../notifications/notify.ts';

interface ReviewTexts {
  subject: (title: string) => string;
  greeting: (name: string) => string;
  outcome: (title: string) => string;
  feedbackLabel: string;
  action: string;
}

const reviewTexts: Record<ReviewDecision, Record<Language, ReviewTexts>> = {
  approved: {
    en: {
      subject: (title) => `Approved: ${title}`,
      greeting: (name) => `Hello ${name},`,
      outcome: (title) => `The agency reviewed your work on ${title} and approved it. Thank you!`,
      feedbackLabel: 'Their note:',
      action: 'Open the task',
    },
    es: {
      subject: (title) => `Aprobada: ${title}`,
      greeting: (name) => `Hola, ${name}:`,
      outcome: (title) => `La agencia revisó tu trabajo en ${title} y lo aprobó. ¡Gracias!`,
      feedbackLabel: 'Su comentario:',
      action: 'Abrir la tarea',
    },
    pt: {
      subject: (title) => `Aprovada: ${title}`,
      greeting: (name) => `Olá, ${name},`,
      outcome: (title) => `A agência avaliou seu trabalho em ${title} e o aprovou. Obrigado!`,
      feedbackLabel: 'Comentário da agência:',
      action: 'Abrir a tarefa',
    },
  },
  changes_requested: {
    en: {
      subject: (title) => `Changes requested: ${title}`,
      greeting: (name) => `Hello ${name},`,
      outcome: (title) =>
        `The agency reviewed your work on ${title} and asks for changes. The task is open again: upload your new files and submit it once more.`,
      feedbackLabel: 'What to change:',
      action: 'Open the task',
    },
    es: {
      subject: (title) => `Cambios solicitados: ${title}`,
      greeting: (name) => `Hola, ${name}:`,
      outcome: (title) =>
        `La agencia revisó tu trabajo en ${title} y te pide cambios. La tarea vuelve a estar abierta: sube tus nuevos archivos y envíala otra vez.`,
      feedbackLabel: 'Qué cambiar:',
      action: 'Abrir la tarea',
    },
    pt: {
      subject: (title) => `Alterações solicitadas: ${title}`,
      greeting: (name) => `Olá, ${name},`,
      outcome: (title) =>
        `A agência avaliou seu trabalho em ${title} e pediu alterações. A tarefa foi reaberta: envie seus novos arquivos e mande a tarefa de novo.`,
      feedbackLabel: 'O que alterar:',
      action: 'Abrir a tarefa',
    },
  },
};

/** The mail a creator gets when their submission is reviewed, in their language, with the note. */
export function taskReviewedMail(options: {
  to: string;
  name: string;
  language: Language;
  decision: ReviewDecision;
  feedback: string | null;
  task: { id: string; title: string };
  appUrl: string;
}): MailMessage {
  const t = reviewTexts[options.decision][options.language];
  return composeMail({
    to: options.to,
    language: options.language,
    subject: t.subject(options.task.title),
    blocks: [
      t.greeting(options.name),
      t.outcome(options.task.title),
      ...(options.feedback ? [`${t.feedbackLabel}\n${options.feedback}`] : []),
      {
        link: new URL(paths.taskDetail(options.task.id), `${options.appUrl}/`).toString(),
        label: t.action,
      },
    ],
  });
}

/** The bell's notice to the creator; its message is the task's title (and the note). */
export const taskReviewedTitles: Record<ReviewDecision, LocalizedText> = {
  approved: { en: 'Task approved', es: 'Tarea aprobada', pt: 'Tarefa aprovada' },
  changes_requested: {
    en: 'Changes requested',
    es: 'Cambios solicitados',
    pt: 'Alterações solicitadas',
  },
};

/** The bell's notice to every administrator when a creator submits; the message names both. */
export const taskSubmittedTitle: LocalizedText = {
  en: 'Task submitted for review',
  es: 'Tarea enviada a revisión',
  pt: 'Tarefa enviada para avaliação',
};

export const taskSubmittedMessage = (creator: string, title: string): LocalizedText => ({
  en: `${creator} submitted ${title}`,
  es: `${creator} envió ${title}`,
  pt: `${creator} enviou ${title}`,
});
