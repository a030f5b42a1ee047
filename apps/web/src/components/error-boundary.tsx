import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { captureError } from '../lib/error-log';

export interface ErrorFallbackProps {
  error: Error;
  onRetry: () => void;
}

// antd's Result carries the illustrations of every status (404, 403, 500) along: they load with the first
// error, not with every visitor's first page (scripts/bundle-budget.mjs).
const ErrorResult = lazy(() => import('./error-result'));

/** The same words and ways out without antd's Result: while it loads, or when it cannot (the network is gone). */
function PlainErrorFallback({ error, onRetry }: ErrorFallbackProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '48px 32px', textAlign: 'center' }}>
      <h2 style={{ margin: 0 }}>{t('common.errorBoundary.title')}</h2>
      <div>{error.message}</div>
      <Flex gap={8} wrap justify="center">
        <Button type="primary" onClick={onRetry}>
          {t('common.actions.retry')}
        </Button>
        <Button onClick={() => window.location.reload()}>{t('common.actions.reload')}</Button>
      </Flex>
    </Flex>
  );
}

/** Shows the plain screen when ErrorResult's chunk fails to load. */
class ResultLoadGuard extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function ErrorFallback(props: ErrorFallbackProps) {
  const plain = <PlainErrorFallback {...props} />;
  return (
    <ResultLoadGuard fallback={plain}>
      <Suspense fallback={plain}>
        <ErrorResult {...props} />
      </Suspense>
    </ResultLoadGuard>
  );
}

interface Props {
  children: ReactNode;
  /** A new key (e.g. the path) clears the error, so leaving a broken page recovers. */
  resetKey?: unknown;
  /** What shows instead of the broken children; the boundary's own error screen when not given. */
  fallback?: (error: Error) => ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps one broken screen from blanking the console, and puts the error in the error log. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    captureError(error, 'render', info.componentStack ?? undefined);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error && this.props.fallback) return this.props.fallback(error);
    if (error) return <ErrorFallback error={error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
