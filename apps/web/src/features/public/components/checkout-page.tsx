import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type CheckoutSession, PublicApiError, type PublicPayment, publicApi } from '../api';
import { formatDate, formatMoney } from '../format';
import { navigation } from '../navigation';
import { paymentText, text } from '../strings';
import { Dialog, GenericError, Loading, MessagePanel, Page } from './ui';

type Load =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'error' }
  | { state: 'loaded'; payment: PublicPayment };

/** A payment answered 409 (paid or cancelled meanwhile): the page reloads it and shows that state. */
const isStale = (error: unknown) => error instanceof PublicApiError && error.status === 409;

/** /checkout/{paymentId}: the payment, and its checkout while it is requested (foundation §2). */
export function CheckoutPage({ paymentId }: { paymentId: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    publicApi.payment(paymentId).then(
      (payment) => setLoad({ state: 'loaded', payment }),
      // the spec: a 401 on payment load shows the not-found message, anything else the generic error
      (error: unknown) =>
        setLoad({
          state:
            error instanceof PublicApiError && (error.status === 401 || error.status === 404)
              ? 'notFound'
              : 'error',
        }),
    );
  }, [paymentId]);
  useEffect(reload, [reload]);

  if (load.state === 'loading')
    return (
      <Page>
        <Loading />
      </Page>
    );
  if (load.state === 'notFound')
    return (
      <Page>
        <MessagePanel title={paymentText.notFoundTitle} body={paymentText.notFoundBody} />
      </Page>
    );
  if (load.state === 'error')
    return (
      <Page>
        <GenericError onRetry={reload} />
      </Page>
    );
  const { payment } = load;
  return (
    <Page heading={payment.dealerName}>
      {payment.status === 'CANCELLED' ? (
        <MessagePanel title={paymentText.cancelled} />
      ) : payment.status === 'PAID' ? (
        <MessagePanel
          title={text.payment.paidTitle}
          body={
            payment.transactedAt
              ? `${text.payment.paidOn} ${formatDate(payment.transactedAt)}.`
              : text.payment.paidBody
          }
          tone="success"
        >
          <PaymentSummary payment={payment} />
        </MessagePanel>
      ) : (
        <>
          <section className="card" aria-labelledby="payment-title">
            <h1 id="payment-title">{text.payment.title}</h1>
            <PaymentSummary payment={payment} />
          </section>
          {payment.mode === 'stripe' && payment.publishableKey ? (
            <StripeCheckout payment={payment} publishableKey={payment.publishableKey} onStale={reload} />
          ) : (
            <TestCheckout payment={payment} onStale={reload} />
          )}
        </>
      )}
    </Page>
  );
}

function PaymentSummary({ payment }: { payment: PublicPayment }) {
  return (
    <dl className="facts">
      <div>
        <dt>{text.payment.requestedBy}</dt>
        <dd>{payment.dealerName}</dd>
      </div>
      <div>
        <dt>{text.payment.amount}</dt>
        <dd className="amount" data-testid="payment-amount">
          {formatMoney(payment.amount, payment.currency)}{' '}
          <span className="currency">{payment.currency.toUpperCase()}</span>
        </dd>
      </div>
      {payment.description ? (
        <div>
          <dt>{text.payment.description}</dt>
          <dd>{payment.description}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The dialog of a failed checkout: the spec's two lines, then the provider's own message. */
function FailedDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Dialog title={paymentText.failedTitle} onClose={onClose}>
      <p>{paymentText.failedBody}</p>
      {message ? <p className="provider-message">{message}</p> : null}
    </Dialog>
  );
}

/**
 * Stripe's embedded checkout on the dealer's connected account. Stripe.js is fetched only here
 * (a dynamic import), after the page has drawn; failing to load it shows the generic error.
 */
function StripeCheckout({
  payment,
  publishableKey,
  onStale,
}: {
  payment: PublicPayment;
  publishableKey: string;
  onStale: () => void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [failure, setFailure] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      let session: CheckoutSession;
      let stripe: Awaited<ReturnType<typeof import('@stripe/stripe-js').loadStripe>>;
      try {
        const [stripeJs, created] = await Promise.all([
          import('@stripe/stripe-js'),
          publicApi.createSession(payment.paymentId),
        ]);
        session = created;
        stripe = await stripeJs.loadStripe(publishableKey, { stripeAccount: session.stripeAccount });
        if (!stripe) throw new Error('Stripe.js did not load');
      } catch (error) {
        if (cancelled) return;
        if (isStale(error)) onStale();
        else setState('error');
        return;
      }
      try {
        const checkout = await stripe.createEmbeddedCheckoutPage({ clientSecret: session.clientSecret });
        if (cancelled || !mountRef.current) {
          checkout.destroy();
          return;
        }
        checkout.mount(mountRef.current);
        destroy = () => checkout.destroy();
        setState('ready');
      } catch (error) {
        if (cancelled) return;
        setState('ready');
        setFailure(error instanceof Error ? error.message : null);
      }
    })();
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [payment.paymentId, publishableKey, onStale]);

  if (state === 'error') return <GenericError />;
  return (
    <section className="card" aria-label={text.payment.secureCheckout}>
      {state === 'loading' ? <Loading /> : null}
      <div ref={mountRef} className="stripe-mount" />
      {failure !== undefined ? (
        <FailedDialog message={failure} onClose={() => setFailure(undefined)} />
      ) : null}
    </section>
  );
}

/**
 * The built-in test checkout (no card keys configured): the same session, client secret and
 * return page as Stripe's; Pay completes the session, Decline fails it with a provider message.
 */
export function TestCheckout({ payment, onStale }: { payment: PublicPayment; onStale: () => void }) {
  const [session, setSession] = useState<CheckoutSession | 'loading' | 'error'>('loading');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'succeed' | 'decline' | null>(null);
  const [failure, setFailure] = useState<string | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const emailId = useId();

  useEffect(() => {
    let cancelled = false;
    publicApi.createSession(payment.paymentId).then(
      (created) => !cancelled && setSession(created),
      (error: unknown) => {
        if (cancelled) return;
        if (isStale(error)) onStale();
        else setSession('error');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [payment.paymentId, onStale]);

  if (session === 'loading')
    return (
      <section className="card">
        <Loading />
      </section>
    );
  if (session === 'error' || failed) return <GenericError onRetry={onStale} />;

  const submit = async (outcome: 'succeed' | 'decline', event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (email === '') {
      setEmailError(paymentText.emailRequired);
      emailRef.current?.focus();
      return;
    }
    setEmailError(null);
    setBusy(outcome);
    try {
      const result = await publicApi.completeTestCheckout(session.sessionId, {
        clientSecret: session.clientSecret,
        email,
        outcome,
      });
      if (result.status === 'complete') {
        navigation.assign(result.returnUrl);
        return;
      }
      setFailure(result.message);
    } catch (error) {
      if (isStale(error)) return onStale();
      const field =
        error instanceof PublicApiError ? error.fields.find((f) => f.path === 'email') : undefined;
      if (field) {
        setEmailError(field.message);
        emailRef.current?.focus();
      } else setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card" aria-labelledby="test-checkout-title">
      <h2 id="test-checkout-title" className="test-label">
        {paymentText.testCheckoutLabel}
      </h2>
      <p className="hint">{text.payment.testNote}</p>
      <form noValidate onSubmit={(event) => void submit('succeed', event)}>
        <div className="field">
          <label className="label" htmlFor={emailId}>
            {text.payment.email} <span aria-hidden="true">*</span>
          </label>
          <input
            ref={emailRef}
            id={emailId}
            className={emailError ? 'input invalid' : 'input'}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            aria-required="true"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${emailId}-error` : `${emailId}-hint`}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              if (emailError) setEmailError(null);
            }}
          />
          {emailError ? (
            <p id={`${emailId}-error`} className="field-error">
              {emailError}
            </p>
          ) : (
            <p id={`${emailId}-hint`} className="hint">
              {text.payment.emailHint}
            </p>
          )}
        </div>
        <div className="actions stack">
          <button type="submit" className="button primary wide" disabled={busy !== null}>
            {busy === 'succeed'
              ? text.payment.paying
              : `${text.payment.pay} ${formatMoney(payment.amount, payment.currency)}`}
          </button>
          <button
            type="button"
            className="button subtle wide"
            disabled={busy !== null}
            onClick={() => void submit('decline')}
          >
            {text.payment.decline}
          </button>
        </div>
      </form>
      {failure !== undefined ? (
        <FailedDialog message={failure} onClose={() => setFailure(undefined)} />
      ) : null}
    </section>
  );
}
