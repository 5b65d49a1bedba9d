import { loggingOutFlag, restoreErrorFlag, sessionExpiredFlag } from '../../lib/session/session-store';
import { loadAuthCalls } from './api/load-auth-calls';

/** What the signed-in app left for the sign-in document, read once when it loads. */
export type AuthHandoff = {
  /** 'Your session has expired, please log in again.' until the next sign-in. */
  sessionExpired: boolean;
  /** The session restore failed for another reason. */
  restoreError: boolean;
  /** Sign-out handed over: the session being ended ('Logging out, please wait...'). */
  endingSession: Promise<void> | null;
};

export function takeAuthHandoff(): AuthHandoff {
  return {
    sessionExpired: sessionExpiredFlag.isSet(),
    restoreError: restoreErrorFlag.take(),
    endingSession: loggingOutFlag.take()
      ? loadAuthCalls()
          .then((calls) => calls.endSession())
          .catch(() => undefined) // offline: the sign-in form all the same
      : null,
  };
}
