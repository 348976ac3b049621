import common from './en/common.json' with { type: 'json' };
import applications from './en/applications.json' with { type: 'json' };
import content from './en/content.json' with { type: 'json' };
import meta from './en/meta.json' with { type: 'json' };
import auth from './en/auth.json' with { type: 'json' };
import dashboard from './en/dashboard.json' with { type: 'json' };
import layout from './en/layout.json' with { type: 'json' };
import messages from './en/messages.json' with { type: 'json' };
import notifications from './en/notifications.json' with { type: 'json' };
import users from './en/users.json' with { type: 'json' };
import tasks from './en/tasks.json' with { type: 'json' };
import compensation from './en/compensation.json' with { type: 'json' };
import audit from './en/audit.json' with { type: 'json' };

/** Every en text, one JSON file per area; the files share no key (catalogues.test.ts). */
export const enFiles = {
  common,
  content,
  meta,
  auth,
  dashboard,
  layout,
  messages,
  notifications,
  users,
  applications,
  tasks,
  compensation,
  audit,
};
export const en: Record<string, string> = Object.assign({}, ...Object.values(enFiles));
