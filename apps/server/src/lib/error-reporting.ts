import os from 'node:os';
import {
  applySdkMetadata,
  Client,
  type ClientOptions,
  createStackParser,
  createTransport,
  type Event,
  type EventHint,
  eventFromMessage,
  eventFromUnknownInput,
  type ParameterizedString,
  Scope,
  type SeverityLevel,
  type StackFrame,
  type StackParser,
} from '@sentry/core';

export type ErrorReporter = {
  enabled: boolean;
  capture: (
    error: unknown,
    context: { method: string; url: string; requestId: string; accountId?: number },
  ) => void;
  flush: () => Promise<void>;
};

// One V8 stack line: "at fn (file:line:col)", "at file:line:col", "at async fn (file:line:col)".
const V8_FRAME = /^\s*at (?:async )?(?:(.+?) \()?((?:node:|file:\/\/)?[^()]+?):(\d+):(\d+)\)?\s*$/;

function v8Frame(line: string): StackFrame | undefined {
  const m = V8_FRAME.exec(line);
  if (!m) return undefined;
  const filename = m[2]!.startsWith('file://') ? m[2]!.slice('file://'.length) : m[2]!;
  return {
    filename,
    function: m[1] ?? '?',
    lineno: Number(m[3]),
    colno: Number(m[4]),
    in_app: !filename.startsWith('node:') && !filename.includes('/node_modules/'),
  };
}

const stackParser: StackParser = createStackParser([90, v8Frame]);

/**
 * The Sentry client of @sentry/core, which the browser SDK installs anyway: @sentry/node would add
 * OpenTelemetry (about 110 MB) for auto-instrumentation this server does not use.
 */
class ServerClient extends Client<ClientOptions> {
  // public: Client's own constructor is protected
  public constructor(options: ClientOptions) {
    super(options);
  }

  eventFromException(exception: unknown, hint?: EventHint): PromiseLike<Event> {
    return Promise.resolve(eventFromUnknownInput(this, stackParser, exception, hint));
  }

  eventFromMessage(
    message: ParameterizedString,
    level?: SeverityLevel,
    hint?: EventHint,
  ): PromiseLike<Event> {
    return Promise.resolve(eventFromMessage(stackParser, message, level, hint));
  }

  protected override _prepareEvent(
    event: Event,
    hint: EventHint,
    currentScope: Scope,
    isolationScope: Scope,
  ): PromiseLike<Event | null> {
    event.platform = 'node';
    event.server_name = event.server_name ?? os.hostname();
    event.contexts = { ...event.contexts, runtime: { name: 'node', version: process.version } };
    return super._prepareEvent(event, hint, currentScope, isolationScope);
  }
}

/**
 * Unexpected server errors go to Sentry when SENTRY_DSN is set; otherwise they are only logged.
 * No integrations, no instrumentation: just the events we send, posted with fetch.
 */
export function createErrorReporter(opts: {
  dsn: string | undefined;
  release: string;
  environment: string;
}): ErrorReporter {
  if (!opts.dsn) return { enabled: false, capture: () => {}, flush: async () => {} };
  const options: ClientOptions = {
    dsn: opts.dsn,
    release: opts.release,
    environment: opts.environment,
    integrations: [],
    stackParser,
    transport: (transportOptions) =>
      createTransport(transportOptions, async (request) => {
        const res = await fetch(transportOptions.url, { method: 'POST', body: request.body });
        await res.arrayBuffer();
        return {
          statusCode: res.status,
          headers: {
            'x-sentry-rate-limits': res.headers.get('x-sentry-rate-limits'),
            'retry-after': res.headers.get('retry-after'),
          },
        };
      }),
  };
  applySdkMetadata(options, 'node', ['core']);
  const client = new ServerClient(options);
  const scope = new Scope();
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
