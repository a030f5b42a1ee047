import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { captureError } from '../lib/error-log';

function ErrorFallback({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('common.errorBoundary.title')}
      subTitle={error.message}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          {t('common.actions.retry')}
        </Button>,
        <Button key="reload" onClick={() => window.location.reload()}>
          {t('common.actions.reload')}
        </Button>,
      ]}
    />
  );
}

interface Props {
  children: ReactNode;
  /** A new key (e.g. the path) clears the error, so leaving a broken page recovers. */
  resetKey?: unknown;
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
    if (error) return <ErrorFallback error={error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
