import {
  startTransition,
  Suspense,
  use,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { contentPaths } from '../../domain/api/content-paths.ts';
import type { SessionResponse } from '../../domain/auth.ts';
import { appPaths, publicPaths } from '../../domain/routes.ts';
import type { User } from '../../domain/users.ts';
import { apiFetch } from '../lib/api-fetch.ts';
import { useDocumentHead } from './document-head.ts';
import { useLanguage } from './language-provider.tsx';
import { RootLayout, RootLoading } from './root-layout.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/** A component whose code arrives on first use; `preload` fetches it ahead. */
type LazyComponent<Props> = ComponentType<Props> & {
  preload: () => Promise<void>;
  /** Its module, as the build's manifest names it (relative to src/client). */
  module: string;
};

/**
 * A module loaded on demand, with its name in the build's manifest beside its import, so the
 * server can name a screen's files in its page before the browser asks for them
 * (`pageModules`; docs/decisions/0049-signed-in-screens-name-their-files.md).
 */
interface LazyModule<Module> {
  module: string;
  load: () => Promise<Module>;
}

/**
 * Like React.lazy, except that once its code is here it renders at once: the browser preloads
 * the first page's code before hydrating, so the first render matches the server's HTML without
 * suspending. A failed download (a new release, a lost connection) reaches the error boundary,
 * and the next render tries again.
 */
function lazyComponent<Module, Props extends object = object>(
  { module, load }: LazyModule<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyComponent<Props> {
  let Loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (loaded) => {
        Loaded = pick(loaded);
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function Lazy(props: Props) {
    if (!Loaded) use(preload());
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Object.assign(Lazy, { preload, module });
}

// Dynamic imports, so public pages never download the platform's code: the public site's pages
// are one chunk, and each signed-in screen is a chunk of its own, so a creator's screen never
// carries the administrators' forms. Each names its module as the import does (router.test.tsx
// holds them equal).
const content = {
  module: 'features/content/index.tsx',
  load: () => import('../features/content/index.tsx'),
};
const auth = {
  module: 'features/auth/index.tsx',
  load: () => import('../features/auth/index.tsx'),
};

// The public site's frame (header and footer), in a file of its own: no signed-in screen runs it.
const PublicLayout = lazyComponent(
  {
    module: 'components/layout/public-layout.tsx',
    load: () => import('../components/layout/public-layout.tsx'),
  },
  (m) => m.PublicLayout,
);
const HomePage = lazyComponent(content, (m) => m.HomePage);
const ServicesPage = lazyComponent(content, (m) => m.ServicesPage);
const AboutPage = lazyComponent(content, (m) => m.AboutPage);
const ThankYouPage = lazyComponent(content, (m) => m.ThankYouPage);
const NotFoundPage = lazyComponent(content, (m) => m.NotFoundPage);
// Each legal document is a chunk of its own, so its long text weighs on no other page.
const PrivacyPolicyPage = lazyComponent(
  {
    module: 'features/content/legal/privacy-policy-page.tsx',
    load: () => import('../features/content/legal/privacy-policy-page.tsx'),
  },
  (m) => m.PrivacyPolicyPage,
);
const TermsOfServicePage = lazyComponent(
  {
    module: 'features/content/legal/terms-of-service-page.tsx',
    load: () => import('../features/content/legal/terms-of-service-page.tsx'),
  },
  (m) => m.TermsOfServicePage,
);
const CookiePolicyPage = lazyComponent(
  {
    module: 'features/content/legal/cookie-policy-page.tsx',
    load: () => import('../features/content/legal/cookie-policy-page.tsx'),
  },
  (m) => m.CookiePolicyPage,
);
// The wizard is a public page: a chunk of its own, without the review screens of its area.
const ApplyPage = lazyComponent(
  {
    module: 'features/applications/apply-page.tsx',
    load: () => import('../features/applications/apply-page.tsx'),
  },
  (m) => m.ApplyPage,
);
// The application's providers (query cache, tooltips) and its signed-in frame (sidebar, bell,
// guards): chunks of their own, never on a public page.
const PlatformProviders = lazyComponent(
  { module: 'app/platform-providers.tsx', load: () => import('./platform-providers.tsx') },
  (m) => m.PlatformProviders,
);
const SignedInLayout = lazyComponent(
  { module: 'app/signed-in-layout.tsx', load: () => import('./signed-in-layout.tsx') },
  (m) => m.SignedInLayout,
);
const SignedInNotFound = lazyComponent(
  { module: 'app/signed-in-not-found.tsx', load: () => import('./signed-in-not-found.tsx') },
  (m) => m.SignedInNotFound,
);
const LoginPage = lazyComponent(auth, (m) => m.LoginPage);
const ResetPasswordPage = lazyComponent(auth, (m) => m.ResetPasswordPage);
const AdminDashboardPage = lazyComponent(
  {
    module: 'features/dashboards/admin-dashboard-page.tsx',
    load: () => import('../features/dashboards/admin-dashboard-page.tsx'),
  },
  (m) => m.AdminDashboardPage,
);
const AdminApplicationsPage = lazyComponent(
  {
    module: 'features/applications/admin-applications-page.tsx',
    load: () => import('../features/applications/admin-applications-page.tsx'),
  },
  (m) => m.AdminApplicationsPage,
);
const AdminTasksPage = lazyComponent(
  {
    module: 'features/tasks/admin-tasks-page.tsx',
    load: () => import('../features/tasks/admin-tasks-page.tsx'),
  },
  (m) => m.AdminTasksPage,
);
const AdminTaskDetailPage = lazyComponent(
  {
    module: 'features/tasks/admin-task-detail-page.tsx',
    load: () => import('../features/tasks/admin-task-detail-page.tsx'),
  },
  (m) => m.AdminTaskDetailPage,
);
const AdminUsersPage = lazyComponent(
  {
    module: 'features/users/admin-users-page.tsx',
    load: () => import('../features/users/admin-users-page.tsx'),
  },
  (m) => m.AdminUsersPage,
);
const AdminCreatorsPage = lazyComponent(
  {
    module: 'features/compensation/admin-creators-page.tsx',
    load: () => import('../features/compensation/admin-creators-page.tsx'),
  },
  (m) => m.AdminCreatorsPage,
);
const AdminCompensationPage = lazyComponent(
  {
    module: 'features/compensation/admin-compensation-page.tsx',
    load: () => import('../features/compensation/admin-compensation-page.tsx'),
  },
  (m) => m.AdminCompensationPage,
);
const AdminAuditPage = lazyComponent(
  {
    module: 'features/audit/admin-audit-page.tsx',
    load: () => import('../features/audit/admin-audit-page.tsx'),
  },
  (m) => m.AdminAuditPage,
);
const DashboardPage = lazyComponent(
  {
    module: 'features/dashboards/dashboard-page.tsx',
    load: () => import('../features/dashboards/dashboard-page.tsx'),
  },
  (m) => m.DashboardPage,
);
const TasksPage = lazyComponent(
  {
    module: 'features/tasks/tasks-page.tsx',
    load: () => import('../features/tasks/tasks-page.tsx'),
  },
  (m) => m.TasksPage,
);
const TaskDetailPage = lazyComponent(
  {
    module: 'features/tasks/task-detail-page.tsx',
    load: () => import('../features/tasks/task-detail-page.tsx'),
  },
  (m) => m.TaskDetailPage,
);
const CompensationPage = lazyComponent(
  {
    module: 'features/compensation/compensation-page.tsx',
    load: () => import('../features/compensation/compensation-page.tsx'),
  },
  (m) => m.CompensationPage,
);
const SettingsPage = lazyComponent(
  {
    module: 'features/users/settings-page.tsx',
    load: () => import('../features/users/settings-page.tsx'),
  },
  (m) => m.SettingsPage,
);
const NotificationsPage = lazyComponent(
  {
    module: 'features/notifications/notifications-page.tsx',
    load: () => import('../features/notifications/notifications-page.tsx'),
  },
  (m) => m.NotificationsPage,
);

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Public: rendered on the server, then hydrated, in the public site's frame.
        element: <PublicLayout />,
        children: [
          { path: publicPaths.home, element: <HomePage /> },
          { path: publicPaths.services, element: <ServicesPage /> },
          { path: publicPaths.about, element: <AboutPage /> },
          { path: publicPaths.privacyPolicy, element: <PrivacyPolicyPage /> },
          { path: publicPaths.termsOfService, element: <TermsOfServicePage /> },
          { path: publicPaths.cookiePolicy, element: <CookiePolicyPage /> },
          { path: publicPaths.apply, element: <ApplyPage /> },
          { path: publicPaths.thankYou, element: <ThankYouPage /> },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
      {
        // The application: its providers arrive with its first screen.
        element: <PlatformProviders />,
        children: [
          { path: appPaths.login, element: <LoginPage /> },
          { path: appPaths.resetPassword, element: <ResetPasswordPage /> },
          {
            // Signed-in screens: the layout checks the session and who may open them.
            element: <SignedInLayout access="admin" />,
            children: [
              { path: appPaths.adminDashboard, element: <AdminDashboardPage /> },
              { path: appPaths.adminApplications, element: <AdminApplicationsPage /> },
              { path: appPaths.adminTasks, element: <AdminTasksPage /> },
              { path: appPaths.adminTaskDetail, element: <AdminTaskDetailPage /> },
              { path: appPaths.adminUsers, element: <AdminUsersPage /> },
              { path: appPaths.adminCreators, element: <AdminCreatorsPage /> },
              { path: appPaths.adminCompensation, element: <AdminCompensationPage /> },
              { path: appPaths.adminCompensationWithoutUser, element: <AdminCompensationPage /> },
              { path: appPaths.adminAudit, element: <AdminAuditPage /> },
            ],
          },
          {
            element: <SignedInLayout access="creator" />,
            children: [
              { path: appPaths.dashboard, element: <DashboardPage /> },
              { path: appPaths.tasks, element: <TasksPage /> },
              { path: appPaths.taskDetail, element: <TaskDetailPage /> },
              { path: appPaths.compensation, element: <CompensationPage /> },
            ],
          },
          {
            element: <SignedInLayout access="signed-in" />,
            children: [
              { path: appPaths.settings, element: <SettingsPage /> },
              { path: appPaths.notifications, element: <NotificationsPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * An address no page has. It arrives rendered in the public frame (the server cannot tell who
 * asks from its cache); once running it asks who is signed in, and a signed-in person gets the
 * page in their own frame with the way to their dashboard. Asked by path, without the query
 * cache or the endpoint's schemas, which public pages do not download.
 */
function NotFoundRoute() {
  const [user, setUser] = useState<User | null>(null);
  useEffect(() => {
    let isCurrent = true;
    apiFetch<SessionResponse>(contentPaths.session).then(
      (session) => {
        // A transition: the public page stays until the signed-in frame's texts are here.
        if (isCurrent) startTransition(() => setUser(session.user));
      },
      // Unknown: the public page stays, which is right for anyone.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  if (user) return <SignedInNotFound user={user} />;
  return (
    <PublicLayout>
      <NotFoundPage />
    </PublicLayout>
  );
}
// Its page's code arrives before hydration, as every page's does (preloadPage).
NotFoundRoute.preload = async () => {
  await Promise.all([PublicLayout.preload(), NotFoundPage.preload()]);
};

function lazyOf(element: ReactNode): LazyComponent<object> | undefined {
  if (typeof element !== 'object' || element === null || !('type' in element)) return undefined;
  const { type } = element;
  return typeof type === 'function' && 'preload' in type
    ? (type as LazyComponent<object>)
    : undefined;
}

/**
 * The modules of every part of the page at `pathname` (its providers, frame and page), as the
 * build's manifest names them: the server names their files in the page it sends.
 */
export function pageModules(pathname: string): string[] {
  const branch = matchRoutes(routes, pathname) ?? [];
  return branch.flatMap(({ route }) => lazyOf(route.element)?.module ?? []);
}

/** Whether the page at `pathname` reads texts beyond the public site's (`useAllTexts`). */
function readsAllTexts(pathname: string): boolean {
  return pageModules(pathname).some(
    (module) => module === PlatformProviders.module || module === ApplyPage.module,
  );
}

/**
 * Fetches the code of every part of the page at `pathname` at once (its providers, frame and
 * page), instead of each part only once the part around it has arrived.
 */
export function preloadPage(pathname: string): Promise<void[]> {
  const branch = matchRoutes(routes, pathname) ?? [];
  return Promise.all(branch.flatMap(({ route }) => lazyOf(route.element)?.preload() ?? []));
}

/**
 * The app's pages, inside a router (BrowserRouter in the browser, StaticRouter on the server).
 * React Router's declarative mode: the routes have no loaders or actions, and its data router
 * would add 14 KB (gzipped) to every public page.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const { allTexts } = useLanguage();
  // Started while rendering so a navigation fetches all its chunks together; cached, so cheap.
  void preloadPage(pathname).catch(() => undefined);
  // With them, the texts a page that came with the site's only lacks (useAllTexts waits for them).
  if (readsAllTexts(pathname)) void allTexts()?.catch(() => undefined);
  useDocumentHead(pathname);
  const page = useRoutes(routes);
  return (
    <RouteErrorBoundary pathname={pathname}>
      {/* Shown only while the first page's code is still arriving: a navigation is a
          transition, so the page on screen stays until the next one is ready. */}
      <Suspense fallback={<RootLoading />}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}
