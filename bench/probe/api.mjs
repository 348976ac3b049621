// The probe's calls of the application as a client makes them (over http.mjs's raw client):
// JSON in and out, signing in, and the accounts and tasks the checks need.
import { nextAddress, send } from './http.mjs';

/**
 * One JSON call. `address` is the client address sent in X-Forwarded-For (a fresh one unless
 * given). Answers { status, headers, json, body, hang, reset } (json undefined unless JSON).
 */
export async function apiCall(
  port,
  { method, target, cookie, body, address, headers = {}, timeoutMs },
) {
  const response = await send(port, {
    method,
    target,
    headers: {
      'x-forwarded-for': address ?? nextAddress(),
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    timeoutMs,
  });
  let json;
  if (/json/.test(response.headers['content-type'] ?? '')) {
    try {
      json = JSON.parse(response.body);
    } catch {
      json = undefined;
    }
  }
  return { ...response, json };
}

/** Signs in; answers the Cookie header value, or throws with the answer. */
export async function signIn(port, username, password, address) {
  const response = await apiCall(port, {
    method: 'POST',
    target: '/api/auth/login',
    body: { username, password },
    address,
  });
  const cookie = /(?:^|\s)(sid=[^;]+)/.exec(response.headers['set-cookie'] ?? '')?.[1];
  if (response.status !== 200 || !cookie) {
    throw new Error(
      `Sign-in as ${username} answered ${response.status}: ${response.body.slice(0, 200)}`,
    );
  }
  return cookie;
}

/** Creates a user through the admin API; answers the response and, on 201, the new id. */
export async function createUser(
  port,
  cookie,
  username,
  password = 'probe-password-1',
  isAdmin = false,
) {
  const response = await apiCall(port, {
    method: 'POST',
    target: '/api/admin/users',
    cookie,
    body: {
      username,
      email: `${username}@example.com`,
      password,
      firstName: 'Probe',
      lastName: 'Writer',
      isAdmin,
    },
  });
  return { response, id: response.status === 201 ? response.json?.id : undefined };
}

/**
 * An administrator and a creator (no task) for the hostile requests, signed in: those requests
 * may rename them or end their sessions, so the bench administrator stays out of their way.
 */
export async function hostileCallers(port, adminCookie, tag) {
  const password = 'probe-hostile-password-1';
  const cookies = {};
  for (const [role, isAdmin] of [
    ['admin', true],
    ['creator', false],
  ]) {
    const username = `${tag}-hostile-${role}`;
    const { id, response } = await createUser(port, adminCookie, username, password, isAdmin);
    if (!id) throw new Error(`Creating ${username} answered ${response.status}`);
    cookies[role] = await signIn(port, username, password);
  }
  return cookies;
}

/** Calls that must succeed while a check sets itself up: throws on anything but a 2xx. */
export async function mustCall(port, request) {
  const response = await apiCall(port, request);
  if (response.status < 200 || response.status > 299) {
    throw new Error(
      `${request.method} ${request.target} answered ${response.status}: ${response.body.slice(0, 200)}`,
    );
  }
  return response.json;
}

/** A creator (signed in) with a video task of `maxFiles` files assigned and in progress. */
export async function creatorWithTask(port, adminCookie, username, maxFiles = 20) {
  const password = 'probe-creator-password-1';
  const { id, response } = await createUser(port, adminCookie, username, password);
  if (!id) throw new Error(`Creating ${username} answered ${response.status}`);
  const task = await mustCall(port, {
    method: 'POST',
    target: '/api/admin/tasks',
    cookie: adminCookie,
    body: {
      title: `Probe task of ${username}`,
      description: 'Files sent by the probe.',
      dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      contentType: 'video',
      maxFiles,
      assignedUsers: [id],
    },
  });
  const cookie = await signIn(port, username, password);
  await mustCall(port, {
    method: 'PATCH',
    target: `/api/tasks/${task.id}/status`,
    cookie,
    body: { status: 'in_progress' },
  });
  return { userId: id, cookie, taskId: task.id };
}
