import { Component, type ReactNode } from 'react';
import { Button } from '../components/ui/button.tsx';
import { useLanguage } from './language-provider.tsx';

interface RouteErrorBoundaryProps {
  /** The page shown; moving to another page clears the error. */
  pathname: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  pathname: string;
  hasFailed: boolean;
}

/**
 * Catches what a page throws while loading or rendering, including a page's code that failed to
 * download after a new release; reloading fetches the current release. React logs the error.
 */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { pathname: this.props.pathname, hasFailed: false };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { hasFailed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.pathname === state.pathname
      ? null
      : { pathname: props.pathname, hasFailed: false };
  }

  override render() {
    return this.state.hasFailed ? <RouteError /> : this.props.children;
  }
}

function RouteError() {
  const { t } = useLanguage();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-dvh w-full max-w-xl flex-col items-start justify-center px-4 py-16"
    >
      <h1 className="text-3xl font-bold tracking-tight">{t('error.title')}</h1>
      <p className="mt-4 text-muted-foreground">{t('error.description')}</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </main>
  );
}
