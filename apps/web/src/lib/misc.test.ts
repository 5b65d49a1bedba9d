import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleFailedCall } from '../app/query-client';
import { untranslatedKeys } from '../testing/i18n';
import { ApiError, NetworkError, ResponseSchemaError } from './api/errors';
import { readLocalFlags, setLocalFlag } from './feature-flags';
import {
  formatDate,
  formatDateTime,
  formatDateTimeRange,
  formatDay,
  formatDayRange,
  formatMoney,
  formatTime,
  formatTimeOfDay,
} from './format';
import { currentLanguage, setLanguage, translateMessage } from './i18n/i18n';
import { en } from './i18n/locales/en';
import { pl } from './i18n/locales/pl';
import { shouldReport } from './monitoring';
import { isUpdateAvailable, versionPollInterval, versionQueryKey } from './version-check';

vi.mock('./notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyWarning: vi.fn() }));

afterEach(async () => {
  if (currentLanguage() !== 'en') await setLanguage('en');
});

describe('dates and money (foundation §5, §9)', () => {
  const now = new Date(2026, 2, 12, 15, 5);
  it('dates in en-AU, times as h:mma', () => {
    expect(formatDate(new Date(2026, 2, 5))).toBe('05/03/2026');
    expect(formatTime(new Date(2026, 2, 5, 15, 5))).toBe('3:05PM');
    expect(formatTime(new Date(2026, 2, 5, 9, 0))).toBe('9:00AM');
  });
  it('Yesterday, Today, Tomorrow where they apply', () => {
    expect(formatDay(new Date(2026, 2, 11, 8), now)).toBe('Yesterday');
    expect(formatDay(new Date(2026, 2, 12, 23), now)).toBe('Today');
    expect(formatDay(new Date(2026, 2, 13, 1), now)).toBe('Tomorrow');
    expect(formatDay(new Date(2026, 2, 14), now)).toBe('14/03/2026');
    expect(formatDateTime(new Date(2026, 2, 12, 9, 30), now)).toBe('Today 9:30AM');
  });
  it('ranges name the day once when it is the same, and pickers label times as h:mma', () => {
    const start = new Date(2026, 2, 12, 20, 15);
    expect(formatDateTimeRange(start, new Date(2026, 2, 12, 21, 15), now)).toBe('Today 8:15PM – 9:15PM');
    expect(formatDateTimeRange(start, new Date(2026, 2, 13, 9, 0), now)).toBe(
      'Today 8:15PM – Tomorrow 9:00AM',
    );
    expect(formatDayRange(new Date(2026, 2, 13), new Date(2026, 2, 16), now)).toBe('Tomorrow – 16/03/2026');
    expect(formatDayRange(new Date(2026, 2, 11), new Date(2026, 2, 11), now)).toBe('Yesterday');
    expect(formatTimeOfDay('20:15')).toBe('8:15PM');
    expect(formatTimeOfDay('00:00')).toBe('12:00AM');
  });
  it('money in USD, up to 4 decimals, trailing zeros past the cents trimmed', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0.12345')).toBe('$0.1235');
    expect(formatMoney('10.1000')).toBe('$10.10');
    expect(formatMoney(-3)).toBe('-$3.00');
    expect(formatMoney('')).toBe('');
  });
});

describe('i18n', () => {
  // the sign-in and reset pages' strings are the auth feature's (features/auth/strings.test.ts)
  it('the Polish sample covers the shell, errors and forms', () => {
    const sections = ['nav', 'shell', 'messages', 'errors', 'form', 'language', 'dates'] as const;
    for (const section of sections) {
      expect(untranslatedKeys(en[section], pl[section]), section).toEqual([]);
    }
  });
  it('spec texts from contracts and the server are translated', async () => {
    expect(translateMessage('Please enter your username')).toBe('Please enter your username');
    await setLanguage('pl');
    expect(translateMessage('Please enter your username')).toBe('Wpisz nazwę użytkownika');
    expect(translateMessage('Some other text')).toBe('Some other text');
    expect(formatDay(new Date(), new Date())).toBe('Dzisiaj');
  });
});

describe('error reporting: the §8 "not reported" cases', () => {
  it('skips network failures, login 400s, checkout failures and session errors', () => {
    expect(shouldReport(new NetworkError('GET /api/x', new TypeError('offline')))).toBe(false);
    expect(shouldReport(new ApiError('POST /api/old/auth', 400, 'INVALID_CREDENTIALS', 'x'))).toBe(false);
    expect(
      shouldReport(new ApiError('POST /api/public/payment/:paymentId/create-session', 500, 'INTERNAL', 'x')),
    ).toBe(false);
    expect(shouldReport(new ApiError('POST /api/old/users', 419, 'CSRF_TOKEN_MISMATCH', 'x'))).toBe(false);
    expect(shouldReport(new ApiError('POST /api/old/auth', 500, 'INTERNAL', 'x'))).toBe(true);
    expect(shouldReport(new ApiError('POST /api/old/users', 400, 'VALIDATION_FAILED', 'x'))).toBe(true);
    expect(shouldReport(new ResponseSchemaError('GET /api/x', []))).toBe(true);
  });

  it('a failed call toasts the server-issues text and re-runs the version check', async () => {
    const { notifyError } = await import('./notify');
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    handleFailedCall(queryClient, new ApiError('POST /api/old/users', 500, 'INTERNAL', 'x'), undefined);
    expect(notifyError).toHaveBeenCalledWith(
      'Sorry, something went wrong',
      'The server is experiencing issues, please try again later or contact technical support.',
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: versionQueryKey });
    vi.mocked(notifyError).mockClear();
    handleFailedCall(
      queryClient,
      new ApiError('POST /api/old/users', 401, 'UNAUTHENTICATED', 'x'),
      undefined,
    );
    handleFailedCall(queryClient, new ApiError('POST /api/old/users', 500, 'INTERNAL', 'x'), {
      errorHandling: 'local',
    });
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe('feature flags without analytics', () => {
  it('come from local storage and every flag is known', () => {
    expect(readLocalFlags()).toEqual({ Personnel: false, QuotePriceBreakdown: false });
    setLocalFlag('Personnel', true);
    expect(readLocalFlags()).toEqual({ Personnel: true, QuotePriceBreakdown: false });
    window.localStorage.setItem('slat.devFlags', 'not json');
    expect(readLocalFlags().Personnel).toBe(false);
  });
});

describe('version check (foundation §4)', () => {
  it('an update is available when the deployed commit differs from the running build', () => {
    expect(isUpdateAvailable('abc', 'abc')).toBe(false);
    expect(isUpdateAvailable('def', 'abc')).toBe(true);
    expect(isUpdateAvailable(undefined, 'abc')).toBe(false);
    expect(isUpdateAvailable('def', 'development')).toBe(false);
  });
  it('polls every 300000 ms unless a test shortens it', () => {
    expect(versionPollInterval()).toBe(300_000);
    window.localStorage.setItem('slat.versionPollMs', '250');
    expect(versionPollInterval()).toBe(250);
  });
});
