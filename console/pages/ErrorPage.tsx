import { useSignals } from '@preact/signals-react/runtime';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { localizePath } from '../../core/routes';
import { GENERIC_ERROR_KEYS } from '../../core/text/notices';
import { locale, t } from '../app/i18n';

function ErrorFallback({ message, code }: { message: string; code?: string | number }) {
  useSignals();
  return (
    <main className="status-page" role="alert">
      <h1>{t(GENERIC_ERROR_KEYS.title)}</h1>
      <p>{t(GENERIC_ERROR_KEYS.text)}</p>
      <p className="error-detail">{t(GENERIC_ERROR_KEYS.codeLine, { code: code ?? 500, detail: message })}</p>
      <p>
        <a href={localizePath('/', locale.value)}>{t('error.home')}</a>
      </p>
    </main>
  );
}

/** If even the error page cannot be shown: the spec's last-resort text and a link home. */
function LastResort() {
  return (
    <main className="status-page" role="alert">
      <h1>An error occurred while showing the error page</h1>
      <a href="/">Back to the home page</a>
    </main>
  );
}

class FallbackGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <LastResort /> : this.props.children;
  }
}

/** Catches a screen's error and shows the generic error texts of spec 8 instead of a blank page. */
export class ErrorBoundary extends Component<
  { children: ReactNode; onError?: (error: Error) => void },
  { error: Error | null }
> {
  static Fallback = ({ message, code }: { message: string; code?: string | number }) => (
    <FallbackGuard>
      <ErrorFallback message={message} code={code} />
    </FallbackGuard>
  );

  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
    this.props.onError?.(error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const status = (error as Error & { status?: number }).status;
    return <ErrorBoundary.Fallback message={error.message} code={status ?? 500} />;
  }
}
