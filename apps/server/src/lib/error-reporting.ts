import * as Sentry from '@sentry/node';

export type ErrorReporter = {
  enabled: boolean;
  capture: (
    error: unknown,
    context: { method: string; url: string; requestId: string; accountId?: number },
  ) => void;
  flush: () => Promise<void>;
};

/**
 * Unexpected server errors go to Sentry when SENTRY_DSN is set; otherwise they are only logged.
 * Sentry runs without its default integrations: no auto-instrumentation, just the events we send.
 */
export function createErrorReporter(opts: {
  dsn: string | undefined;
  release: string;
  environment: string;
}): ErrorReporter {
  if (!opts.dsn) return { enabled: false, capture: () => {}, flush: async () => {} };
  const client = new Sentry.NodeClient({
    dsn: opts.dsn,
    release: opts.release,
    environment: opts.environment,
    integrations: [],
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    sendDefaultPii: false,
  });
  const scope = new Sentry.Scope();
  scope.setClient(client);
  client.init();
  return {
    enabled: true,
    capture: (error, context) => {
      const s = scope.clone();
      s.setTag('request_id', context.requestId);
      s.setContext('request', { method: context.method, url: context.url });
      if (context.accountId !== undefined) s.setTag('account_id', String(context.accountId));
      s.captureException(error);
    },
    flush: async () => {
      await client.flush(2000);
    },
  };
}
