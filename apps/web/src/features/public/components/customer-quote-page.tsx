import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type CustomerQuote, type PaymentSummary, PublicApiError, publicApi } from '../api';
import { formatDate, formatMoney, isLess, isPositive } from '../format';
import { navigation } from '../navigation';
import { quoteText, text } from '../strings';
import { QUOTE_RETURN_KEY } from './checkout-return-page';
import { SignaturePadField, type SignaturePadHandle } from './signature-pad';
import { GenericError, InlineError, Loading, MessagePanel, Page } from './ui';

type Load =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'error' }
  | { state: 'loaded'; quote: CustomerQuote; summary: PaymentSummary | null };

/** /customer-quote/{id}: the quote, its payments, Accept, then paying by card (foundation §2). */
export function CustomerQuotePage({ quoteId }: { quoteId: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    // the summary is secondary: the quote still shows when it fails
    Promise.all([publicApi.quote(quoteId), publicApi.quotePayments(quoteId).catch(() => null)]).then(
      ([quote, summary]) => setLoad({ state: 'loaded', quote, summary }),
      (error: unknown) =>
        setLoad({ state: error instanceof PublicApiError && error.status === 404 ? 'notFound' : 'error' }),
    );
  }, [quoteId]);
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
        <MessagePanel title={quoteText.notFoundTitle} body={quoteText.notFoundBody} />
      </Page>
    );
  if (load.state === 'error')
    return (
      <Page>
        <GenericError onRetry={reload} />
      </Page>
    );
  const { quote, summary } = load;
  if (quote.withdrawn)
    return (
      <Page heading={quote.company.name} logoUrl={quote.company.logoUrl}>
        <MessagePanel title={quote.order.name} body={quoteText.withdrawn} />
      </Page>
    );
  return (
    <Page heading={quote.company.name} logoUrl={quote.company.logoUrl}>
      <QuoteView
        quote={quote}
        summary={summary}
        onAccepted={(accepted) => setLoad({ state: 'loaded', quote: accepted, summary })}
      />
    </Page>
  );
}

function QuoteView({
  quote,
  summary,
  onAccepted,
}: {
  quote: CustomerQuote;
  summary: PaymentSummary | null;
  onAccepted: (quote: CustomerQuote) => void;
}) {
  const money = (amount: string) => formatMoney(amount, quote.currency);
  return (
    <>
      <section className="card" aria-labelledby="quote-title">
        {quote.revisedTo ? (
          <p className="note" role="note">
            {text.quote.revised}
          </p>
        ) : null}
        <h1 id="quote-title">{quote.order.name}</h1>
        <dl className="facts">
          <div>
            <dt>{text.quote.quoteNumber}</dt>
            <dd>#{quote.order.tuid}</dd>
          </div>
          <div>
            <dt>{text.quote.total}</dt>
            <dd className="amount" data-testid="quote-total">
              {money(quote.order.total)}
            </dd>
          </div>
          {quote.isDepositRequired ? (
            <div>
              <dt>{text.quote.deposit}</dt>
              <dd data-testid="quote-deposit">{money(quote.order.depositAmount)}</dd>
            </div>
          ) : null}
        </dl>
        <p>
          <a className="link" href={quote.quotePdf.url} target="_blank" rel="noopener">
            {text.quote.pdf}
          </a>
        </p>
      </section>

      <section className="card" aria-labelledby="lines-title">
        <h2 id="lines-title">{text.quote.lines}</h2>
        {quote.lines.length === 0 ? (
          <p className="hint">{text.quote.noLines}</p>
        ) : (
          <ul className="lines">
            {quote.lines.map((line, index) => (
              // lines have no id of their own in the customer's view; their order is the quote's
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered
              <li key={index} className="line">
                <div className="line-main">
                  <span className="line-product">{line.product}</span>
                  <span className="line-price">{money(line.price)}</span>
                </div>
                <div className="line-detail">
                  {line.room ? <span>{line.room}</span> : null}
                  {line.size ? <span>{line.size}</span> : null}
                  {line.quantity !== 1 ? (
                    <span>
                      {text.quote.quantity} {line.quantity}
                    </span>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {summary ? <PaymentsSection summary={summary} currency={quote.currency} /> : null}

      {quote.acceptedBy === null ? (
        <AcceptSection quote={quote} onAccepted={onAccepted} />
      ) : (
        <section className="card" aria-labelledby="accepted-title">
          <h2 id="accepted-title">{text.quote.acceptedTitle}</h2>
          <p data-testid="accepted-by">
            {text.quote.acceptedBy} <strong>{quote.acceptedBy}</strong>
            {quote.order.convertedAt
              ? ` ${text.quote.acceptedOn} ${formatDate(quote.order.convertedAt)}`
              : ''}
          </p>
          {quote.cardPayments && summary ? <PayChoice quote={quote} summary={summary} /> : null}
        </section>
      )}
    </>
  );
}

function PaymentsSection({ summary, currency }: { summary: PaymentSummary; currency: string }) {
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <section className="card" aria-labelledby="payments-title">
      <h2 id="payments-title">{text.quote.payments}</h2>
      <dl className="facts">
        <div>
          <dt>{text.quote.totalReceived}</dt>
          <dd data-testid="total-received">{money(summary.totalReceived)}</dd>
        </div>
        <div>
          <dt>{text.quote.balance}</dt>
          <dd className="amount" data-testid="balance">
            {money(summary.balance)}
          </dd>
        </div>
      </dl>
      {summary.payments.length === 0 ? (
        <p className="hint">{text.quote.noPayments}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{text.quote.date}</th>
              <th scope="col">{text.quote.method}</th>
              <th scope="col" className="num">
                {text.quote.amount}
              </th>
              <th scope="col">{text.quote.status}</th>
            </tr>
          </thead>
          <tbody>
            {summary.payments.map((payment, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows come in the server's order and carry no id
              <tr key={index}>
                <td>{formatDate(payment.date)}</td>
                <td>{payment.paymentMethod}</td>
                <td className="num">{money(payment.amount)}</td>
                <td>
                  <span className={`badge ${payment.status.toLowerCase()}`}>
                    {text.quote.statuses[payment.status]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function AcceptSection({
  quote,
  onAccepted,
}: {
  quote: CustomerQuote;
  onAccepted: (quote: CustomerQuote) => void;
}) {
  const padRef = useRef<SignaturePadHandle>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [signatureError, setSignatureError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const nameId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const signerName = name.trim();
    const signature = padRef.current?.toPng() ?? null;
    setNameError(signerName ? null : quoteText.signerNameRequired);
    setSignatureError(signature ? null : quoteText.signatureRequired);
    if (!signerName) return nameRef.current?.focus();
    if (!signature) return;
    setBusy(true);
    setFailed(false);
    try {
      onAccepted(await publicApi.accept(quote.id, { signerName, signature }));
    } catch (error) {
      const fields = error instanceof PublicApiError ? error.fields : [];
      const nameField = fields.find((f) => f.path === 'signerName');
      const signatureField = fields.find((f) => f.path === 'signature');
      if (nameField) setNameError(nameField.message);
      if (signatureField) setSignatureError(signatureField.message);
      if (!nameField && !signatureField) setFailed(true);
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="accept-title">
      <h2 id="accept-title">{text.quote.acceptTitle}</h2>
      <p className="hint">{text.quote.acceptIntro}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label className="label" htmlFor={nameId}>
            {text.quote.signerName} <span aria-hidden="true">*</span>
          </label>
          <input
            ref={nameRef}
            id={nameId}
            className={nameError ? 'input invalid' : 'input'}
            name="signerName"
            autoComplete="name"
            maxLength={200}
            required
            aria-required="true"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
            value={name}
            disabled={busy}
            onChange={(event) => {
              setName(event.currentTarget.value);
              if (nameError) setNameError(null);
            }}
          />
          {nameError ? (
            <p id={`${nameId}-error`} className="field-error">
              {nameError}
            </p>
          ) : null}
        </div>
        <SignaturePadField
          ref={padRef}
          disabled={busy}
          error={signatureError}
          onChange={(signed) => signed && setSignatureError(null)}
        />
        <p>
          <button
            type="button"
            className="button subtle small"
            disabled={busy || name.trim() === ''}
            onClick={() => padRef.current?.drawName(name)}
          >
            {text.quote.useTypedName}
          </button>
        </p>
        {failed ? <InlineError /> : null}
        <div className="actions">
          <button type="submit" className="button primary wide" disabled={busy}>
            {busy ? text.quote.accepting : text.quote.accept}
          </button>
        </div>
      </form>
    </section>
  );
}

/** After accepting: pay the deposit (while it is not yet received) or the whole balance, by card. */
function PayChoice({ quote, summary }: { quote: CustomerQuote; summary: PaymentSummary }) {
  const [busy, setBusy] = useState<'DEPOSIT' | 'BALANCE' | null>(null);
  /** Why paying failed: the server's own words for a 409 it names, else the generic error. */
  const [failure, setFailure] = useState<string | 'generic' | null>(null);
  if (!isPositive(summary.balance)) return <p className="success-text">{text.quote.paidInFull}</p>;
  const depositDue = quote.isDepositRequired && isLess(summary.totalReceived, quote.order.depositAmount);
  const pay = async (choice: 'DEPOSIT' | 'BALANCE') => {
    setBusy(choice);
    setFailure(null);
    try {
      const { checkoutUrl } = await publicApi.pay(quote.id, choice);
      try {
        window.sessionStorage.setItem(QUOTE_RETURN_KEY, `/customer-quote/${encodeURIComponent(quote.id)}`);
      } catch {
        // storage refused (private mode): the return page simply offers no way back
      }
      navigation.assign(checkoutUrl);
    } catch (error) {
      const known: string[] = [quoteText.payNeedsAcceptance, quoteText.nothingToPay];
      setFailure(
        error instanceof PublicApiError && known.includes(error.message) ? error.message : 'generic',
      );
      setBusy(null);
    }
  };
  return (
    <div className="pay-choice">
      <h3>{text.quote.payTitle}</h3>
      <p className="hint">{text.quote.payIntro}</p>
      <div className="actions stack">
        {depositDue ? (
          <button
            type="button"
            className="button primary wide"
            disabled={busy !== null}
            onClick={() => void pay('DEPOSIT')}
          >
            {busy === 'DEPOSIT' ? text.quote.opening : text.quote.payDeposit}
          </button>
        ) : null}
        <button
          type="button"
          className={depositDue ? 'button wide' : 'button primary wide'}
          disabled={busy !== null}
          onClick={() => void pay('BALANCE')}
        >
          {busy === 'BALANCE' ? text.quote.opening : text.quote.payBalance}
        </button>
      </div>
      {failure === 'generic' ? (
        <InlineError />
      ) : failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
