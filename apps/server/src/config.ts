import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Slat <no-reply@slat.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GIT_COMMIT: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  POSTHOG_KEY: z.string().optional(),
  POSTHOG_HOST: optionalUrl,
  SENTRY_DSN: optionalUrl,
  OPTIONS_FRAME_BASE: optionalUrl,
  /** The quote detail's answer cache (decision 014): 'verify' also reads afresh on every hit and fails on a difference. */
  SLAT_QUOTE_CACHE: z.enum(['on', 'off', 'verify']).optional(),
  /** How long the PDF process may take over one PDF before the call answers 503 (decision 017). */
  SLAT_PDF_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** Public payment and quote reads a minute per address (the bench raises it to measure the call itself). */
  SLAT_PUBLIC_READS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Webhook URLs on loopback or private networks ('true'/'false'); allowed unless NODE_ENV=production. */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false']).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  gitCommit: string | undefined;
  secureCookies: boolean;
  posthogKey: string | undefined;
  sentryDsn: string | undefined;
  stripeConfigured: boolean;
  /** Card checkout keys (unset: the built-in test checkout); the webhook secret also signs the test checkout's events when set. */
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string };
  posthogHost: string | undefined;
  googleMapsApiKey: string | undefined;
  optionsFrameBase: string | undefined;
  /** 'on' unless set; 'verify' by default under NODE_ENV=test. */
  quoteCache: 'on' | 'off' | 'verify';
  /** 60 s unless set. */
  pdfTimeoutMs: number;
  /** 120 unless set. */
  publicReadsPerMinute: number;
  /**
   * Whether webhooks may be sent to loopback and private addresses (a receiver on this machine in
   * tests and the demo); refused in production unless WEBHOOKS_ALLOW_PRIVATE=true.
   */
  webhooksAllowPrivate: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment once at boot; every bad variable is named in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    gitCommit: e.GIT_COMMIT,
    secureCookies: publicUrl.startsWith('https://'),
    posthogKey: e.POSTHOG_KEY || undefined,
    sentryDsn: e.SENTRY_DSN,
    stripeConfigured: Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY),
    stripe: {
      ...(e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY } : {}),
      ...(e.STRIPE_PUBLISHABLE_KEY ? { publishableKey: e.STRIPE_PUBLISHABLE_KEY } : {}),
      ...(e.STRIPE_WEBHOOK_SECRET ? { webhookSecret: e.STRIPE_WEBHOOK_SECRET } : {}),
    },
    posthogHost: e.POSTHOG_HOST,
    googleMapsApiKey: e.GOOGLE_MAPS_API_KEY || undefined,
    optionsFrameBase: e.OPTIONS_FRAME_BASE,
    quoteCache: e.SLAT_QUOTE_CACHE ?? (e.NODE_ENV === 'test' ? 'verify' : 'on'),
    pdfTimeoutMs: e.SLAT_PDF_TIMEOUT_MS,
    publicReadsPerMinute: e.SLAT_PUBLIC_READS_PER_MINUTE,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE
      ? e.WEBHOOKS_ALLOW_PRIVATE === 'true'
      : e.NODE_ENV !== 'production',
  };
}
