import { useEffect, useState } from 'react';
import { publicApi, type SessionStatus } from '../api';
import { paymentText, text } from '../strings';
import { Loading, MessagePanel, Page } from './ui';

/** Session storage (this tab): the customer quote page a checkout was opened from, to go back to. */
export const QUOTE_RETURN_KEY = 'slat.customerQuoteReturn';

function quoteToReturnTo(): string | null {
  try {
    const url = window.sessionStorage.getItem(QUOTE_RETURN_KEY);
    return url?.startsWith('/customer-quote/') ? url : null;
  } catch {
    return null;
  }
}

/**
 * /checkout/{paymentId}/return?session_id=…: reading the session's status also fulfils it on the
 * server (the same path as the webhook). OPEN failed; COMPLETE done; anything else, or no answer,
 * cannot be verified (foundation §2).
 */
export function CheckoutReturnPage({
  paymentId,
  sessionId,
}: {
  paymentId: string;
  sessionId: string | null;
}) {
  const [status, setStatus] = useState<SessionStatus['status'] | 'loading' | 'error'>(
    sessionId ? 'loading' : 'error',
  );
  useEffect(() => {
    if (!sessionId) return;
    let cancelled = false;
    publicApi.sessionStatus(paymentId, sessionId).then(
      (answer) => !cancelled && setStatus(answer.status),
      () => !cancelled && setStatus('error'),
    );
    return () => {
      cancelled = true;
    };
  }, [paymentId, sessionId]);

  const quote = quoteToReturnTo();
  const back = quote ? (
    <p>
      <a className="button" href={quote}>
        {text.quote.backToQuote}
      </a>
    </p>
  ) : null;
  return (
    <Page>
      {status === 'loading' ? (
        <Loading label={text.payment.checking} />
      ) : status === 'COMPLETE' ? (
        <MessagePanel title={paymentText.doneTitle} body={paymentText.doneBody} tone="success">
          {back}
        </MessagePanel>
      ) : status === 'OPEN' ? (
        <MessagePanel title={paymentText.failedTitle} body={paymentText.failedBody} tone="danger">
          <p>
            <a className="button primary" href={`/checkout/${encodeURIComponent(paymentId)}`}>
              {text.payment.backToPayment}
            </a>
          </p>
        </MessagePanel>
      ) : (
        <MessagePanel title={paymentText.unverified} tone="danger">
          {back}
        </MessagePanel>
      )}
    </Page>
  );
}
