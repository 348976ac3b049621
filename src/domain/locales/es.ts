import common from './es/common.json' with { type: 'json' };
import applications from './es/applications.json' with { type: 'json' };
import content from './es/content.json' with { type: 'json' };
import meta from './es/meta.json' with { type: 'json' };
import auth from './es/auth.json' with { type: 'json' };
import dashboard from './es/dashboard.json' with { type: 'json' };
import layout from './es/layout.json' with { type: 'json' };
import messages from './es/messages.json' with { type: 'json' };
import notifications from './es/notifications.json' with { type: 'json' };
import users from './es/users.json' with { type: 'json' };
import tasks from './es/tasks.json' with { type: 'json' };
import compensation from './es/compensation.json' with { type: 'json' };
import audit from './es/audit.json' with { type: 'json' };

/** Every es text, one JSON file per area; the files share no key (catalogues.test.ts). */
export const esFiles = {
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
export const es: Record<string, string> = Object.assign({}, ...Object.values(esFiles));
