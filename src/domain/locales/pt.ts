import common from './pt/common.json' with { type: 'json' };
import applications from './pt/applications.json' with { type: 'json' };
import content from './pt/content.json' with { type: 'json' };
import meta from './pt/meta.json' with { type: 'json' };
import auth from './pt/auth.json' with { type: 'json' };
import dashboard from './pt/dashboard.json' with { type: 'json' };
import layout from './pt/layout.json' with { type: 'json' };
import messages from './pt/messages.json' with { type: 'json' };
import notifications from './pt/notifications.json' with { type: 'json' };
import users from './pt/users.json' with { type: 'json' };
import tasks from './pt/tasks.json' with { type: 'json' };
import compensation from './pt/compensation.json' with { type: 'json' };
import audit from './pt/audit.json' with { type: 'json' };

/** Every pt text, one JSON file per area; the files share no key (catalogues.test.ts). */
export const ptFiles = {
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
export const pt: Record<string, string> = Object.assign({}, ...Object.values(ptFiles));
