import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../config/constants';
import { env } from '../config/env';
import { storage } from './storage';

/** Every flag the product reads. */
export const FEATURE_FLAGS = ['Personnel', 'QuotePriceBreakdown'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
type Flags = Record<FeatureFlag, boolean>;

const allOff = (): Flags => Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as Flags;

let flags: Flags = allOff();
let ready = false;
let readyWaiters: (() => void)[] = [];
const listeners = new Set<() => void>();

function publish(next: Flags): void {
  // the same flags keep the same object: a server-rendered page is not rendered again for nothing
  if (FEATURE_FLAGS.some((f) => next[f] !== flags[f])) flags = next;
  ready = true;
  for (const resolve of readyWaiters) resolve();
  readyWaiters = [];
  for (const listener of listeners) listener();
}

export const analyticsEnabled = (): boolean => Boolean(env.posthogKey);

export function readLocalFlags(): Flags {
  const next = allOff();
  try {
    const stored = JSON.parse(storage.get(STORAGE_KEYS.devFlags) ?? '{}') as Record<string, unknown>;
    for (const flag of FEATURE_FLAGS) next[flag] = stored[flag] === true;
  } catch {
    // a hand-edited value that is not JSON: every flag off
  }
  return next;
}

/** PostHog when a key is configured, else the dev flags in local storage. */
export async function initFeatureFlags(key = env.posthogKey): Promise<void> {
  if (!key) {
    publish(readLocalFlags());
    return;
  }
  // PostHog's light web client (no autocapture, page views, recordings or surveys): flags only
  const { PostHog } = await import('posthog-js-lite');
  const posthog = new PostHog(key, { host: env.posthogHost });
  posthog.onFeatureFlags(() => {
    publish(Object.fromEntries(FEATURE_FLAGS.map((f) => [f, posthog.isFeatureEnabled(f) === true])) as Flags);
  });
  // flags that never arrive (offline, blocked) leave every flag off rather than blocking routing
  setTimeout(() => {
    if (!ready) publish(flags);
  }, 3_000);
}

export function setLocalFlag(flag: FeatureFlag, on: boolean): void {
  const next = { ...flags, [flag]: on };
  storage.set(STORAGE_KEYS.devFlags, JSON.stringify(next));
  publish(next);
}

export function isFlagOn(flag: FeatureFlag): boolean {
  return flags[flag];
}

/** Resolves once flags are known (route guards wait for it). */
export function flagsReady(): Promise<void> {
  return ready ? Promise.resolve() : new Promise((resolve) => readyWaiters.push(resolve));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What the server renders with (it knows no flags); the browser's hydration starts from it too. */
const serverFlags = flags;

export function useFeatureFlags(): Flags {
  return useSyncExternalStore(
    subscribe,
    () => flags,
    () => serverFlags,
  );
}

export function useFeatureFlag(flag: FeatureFlag): boolean {
  return useFeatureFlags()[flag];
}
