import type { Language } from '../languages.ts';
import enApplications from './en/mail/applications.json' with { type: 'json' };
import enAuth from './en/mail/auth.json' with { type: 'json' };
import enBackups from './en/mail/backups.json' with { type: 'json' };
import enCompensation from './en/mail/compensation.json' with { type: 'json' };
import enTasks from './en/mail/tasks.json' with { type: 'json' };
import enUsers from './en/mail/users.json' with { type: 'json' };
import esApplications from './es/mail/applications.json' with { type: 'json' };
import esAuth from './es/mail/auth.json' with { type: 'json' };
import esBackups from './es/mail/backups.json' with { type: 'json' };
import esCompensation from './es/mail/compensation.json' with { type: 'json' };
import esTasks from './es/mail/tasks.json' with { type: 'json' };
import esUsers from './es/mail/users.json' with { type: 'json' };
import ptApplications from './pt/mail/applications.json' with { type: 'json' };
import ptAuth from './pt/mail/auth.json' with { type: 'json' };
import ptBackups from './pt/mail/backups.json' with { type: 'json' };
import ptCompensation from './pt/mail/compensation.json' with { type: 'json' };
import ptTasks from './pt/mail/tasks.json' with { type: 'json' };
import ptUsers from './pt/mail/users.json' with { type: 'json' };

type Catalogue = Record<string, string>;

/**
 * The texts only the server puts together, one file per area under `<language>/mail/`: mails
 * (`mail.*`), the notifications it stores for people (`notification.*`) and the headers of the
 * CSV files it writes (`csv.*`). They are not seeded
 * into the translations table and never sent to a browser; the catalogue check holds them to the
 * same rules as the screens' texts.
 */
export const mailFiles: Record<Language, Record<string, Catalogue>> = {
  en: {
    applications: enApplications,
    auth: enAuth,
    backups: enBackups,
    compensation: enCompensation,
    tasks: enTasks,
    users: enUsers,
  },
  es: {
    applications: esApplications,
    auth: esAuth,
    backups: esBackups,
    compensation: esCompensation,
    tasks: esTasks,
    users: esUsers,
  },
  pt: {
    applications: ptApplications,
    auth: ptAuth,
    backups: ptBackups,
    compensation: ptCompensation,
    tasks: ptTasks,
    users: ptUsers,
  },
};
