import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { InlineError } from '../components/ui';
import { formatDate } from '../format';
import {
  type AcknowledgeBody,
  PublicApiError,
  type SupplierApi,
  type SupplierLineChange,
  type SupplierViewOrder,
} from './api';
import { ConfirmDialog } from './confirm-dialog';
import { lineLabel, sizeOf } from './format';
import { supplierMessages, supplierText } from './strings';

type Props = {
  api: SupplierApi;
  order: SupplierViewOrder;
  onChanged: (order: SupplierViewOrder) => void;
  onRevoked: () => void;
  onStale: () => void;
};

type LineDraft = { quantity: string; size: string; date: string; note: string };
const EMPTY_DRAFT: LineDraft = { quantity: '', size: '', date: '', note: '' };

/** The answers after which the order is answered for good. */
export const isFinalAnswer = (a: SupplierViewOrder['acknowledgement']) =>
  a === 'ACCEPTED' || a === 'ACCEPTED_WITH_CHANGES' || a === 'REJECTED';

/**
 * Not yet answered: acknowledge receipt, then accept, accept with changes (per line) or reject
 * (with a reason). A final answer is confirmed first; one answer is sent however often it is tapped.
 */
export function AnswerSection({ api, order, onChanged, onRevoked, onStale }: Props) {
  const [mode, setMode] = useState<'choose' | 'changes' | 'reject'>('choose');
  const [confirm, setConfirm] = useState<{ body: string; send: AcknowledgeBody } | null>(null);
  const [busy, setBusy] = useState(false);
  // a ref, not only state: a second tap before React re-renders must find the call under way
  const sending = useRef(false);
  const [failure, setFailure] = useState<string | 'generic' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<number, LineDraft>>({});
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const changesTitleRef = useRef<HTMLHeadingElement>(null);
  const answerButtonsRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  // the button that opened a form is gone: focus goes to what took its place, and back on Cancel
  const opened = useRef(false);
  useEffect(() => {
    if (mode === 'changes') changesTitleRef.current?.focus();
    else if (mode === 'reject') reasonRef.current?.focus();
    else if (opened.current) answerButtonsRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    opened.current = mode !== 'choose';
  }, [mode]);
  const revision = order.revises !== null;

  const send = async (body: AcknowledgeBody) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    try {
      onChanged(await api.acknowledge(order.id, body));
      setMode('choose');
    } catch (error) {
      if (error instanceof PublicApiError && error.status === 401) return onRevoked();
      const fields = error instanceof PublicApiError ? error.fields : [];
      const reasonField = fields.find((f) => f.path === 'reason');
      const linesField = fields.find((f) => f.path.startsWith('lineChanges'));
      if (reasonField) setReasonError(reasonField.message);
      else if (linesField) setFormError(linesField.message);
      else if (error instanceof PublicApiError && error.status === 409) {
        // answered meanwhile (another tab, the API): show the answer the dealer has
        setFailure(error.message || supplierMessages.alreadyAnswered);
        onStale();
      } else setFailure('generic');
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const confirmThen = (body: string, answer: AcknowledgeBody) => {
    if (sending.current) return;
    setConfirm({ body, send: answer });
  };

  const submitChanges = (event: FormEvent) => {
    event.preventDefault();
    const changes: SupplierLineChange[] = [];
    const errors: Record<number, string> = {};
    for (const line of order.context.orderLines) {
      const draft = drafts[line.id];
      if (!draft) continue;
      const change: SupplierLineChange = { orderLineId: line.id };
      const quantity = draft.quantity.trim();
      if (quantity !== '') {
        const n = Number(quantity);
        if (!/^\d{1,5}$/.test(quantity) || n > 10000) errors[line.id] = supplierText.quantityInvalid;
        // the quantity as ordered is no change
        else if (n !== line.quantity) change.quantity = n;
      }
      if (draft.size.trim()) change.size = draft.size.trim();
      if (draft.date) change.date = draft.date;
      if (draft.note.trim()) change.note = draft.note.trim();
      if (Object.keys(change).length > 1) changes.push(change);
    }
    setLineErrors(errors);
    if (Object.keys(errors).length > 0) return;
    if (changes.length === 0) return setFormError(supplierMessages.changesNeedLines);
    setFormError(null);
    confirmThen(supplierText.confirmChanges(changes.length), {
      response: 'ACCEPTED_WITH_CHANGES',
      lineChanges: changes,
    });
  };

  const submitReject = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setReasonError(supplierMessages.rejectedNeedsReason);
      reasonRef.current?.focus();
      return;
    }
    confirmThen(supplierText.confirmReject, { response: 'REJECTED', reason: text });
  };

  const setDraft = (lineId: number, field: keyof LineDraft, value: string) => {
    setDrafts((all) => ({ ...all, [lineId]: { ...(all[lineId] ?? EMPTY_DRAFT), [field]: value } }));
    if (formError) setFormError(null);
  };

  return (
    <section className="card" aria-labelledby="answer-title">
      <h2 id="answer-title">{revision ? supplierText.answerRevisionTitle : supplierText.answerTitle}</h2>
      {order.acknowledgement === 'RECEIVED' ? (
        <p className="success-text" data-testid="received">
          {supplierText.received}
          {order.acknowledgedAt ? ` ${supplierText.answeredOn} ${formatDate(order.acknowledgedAt)}` : ''}
        </p>
      ) : (
        <p className="hint">{supplierText.answerIntro}</p>
      )}

      {mode === 'choose' ? (
        <div className="actions stack answer-buttons" ref={answerButtonsRef}>
          {order.acknowledgement === '' ? (
            <button
              type="button"
              className="button wide"
              disabled={busy}
              onClick={() => void send({ response: 'RECEIVED' })}
            >
              {busy
                ? supplierText.sending
                : revision
                  ? supplierText.acknowledgeRevision
                  : supplierText.acknowledge}
            </button>
          ) : null}
          <button
            type="button"
            className="button primary wide"
            disabled={busy}
            onClick={() => confirmThen(supplierText.confirmAccept, { response: 'ACCEPTED' })}
          >
            {supplierText.accept}
          </button>
          <button
            type="button"
            className="button wide"
            disabled={busy}
            onClick={() => {
              setFailure(null);
              setMode('changes');
            }}
          >
            {supplierText.acceptWithChanges}
          </button>
          <button
            type="button"
            className="button danger wide"
            disabled={busy}
            onClick={() => {
              setFailure(null);
              setMode('reject');
            }}
          >
            {supplierText.reject}
          </button>
        </div>
      ) : null}

      {mode === 'changes' ? (
        <form noValidate onSubmit={submitChanges} aria-labelledby={`${ids}-changes`}>
          <h3 id={`${ids}-changes`} ref={changesTitleRef} tabIndex={-1}>
            {supplierText.acceptWithChanges}
          </h3>
          <p className="hint">{supplierText.changesIntro}</p>
          {order.context.orderLines.map((line, index) => {
            const draft = drafts[line.id] ?? EMPTY_DRAFT;
            const id = `${ids}-line-${line.id}`;
            const error = lineErrors[line.id];
            return (
              <fieldset
                key={line.id}
                className="line-change"
                aria-describedby={error ? `${id}-error` : undefined}
              >
                <legend>
                  {index + 1}. {lineLabel(line)}
                  <span className="legend-detail">
                    {' '}
                    ({supplierText.quantity} {line.quantity}
                    {sizeOf(line) ? `, ${sizeOf(line)}` : ''})
                  </span>
                </legend>
                <div className="field-grid">
                  <div className="field">
                    <label className="label" htmlFor={`${id}-qty`}>
                      {supplierText.newQuantity}
                    </label>
                    <input
                      id={`${id}-qty`}
                      className={error ? 'input invalid' : 'input'}
                      inputMode="numeric"
                      pattern="[0-9]*"
                      autoComplete="off"
                      aria-invalid={error ? true : undefined}
                      value={draft.quantity}
                      disabled={busy}
                      onChange={(e) => setDraft(line.id, 'quantity', e.currentTarget.value)}
                    />
                  </div>
                  <div className="field">
                    <label className="label" htmlFor={`${id}-size`}>
                      {supplierText.newSize}
                    </label>
                    <input
                      id={`${id}-size`}
                      className="input"
                      maxLength={100}
                      autoComplete="off"
                      value={draft.size}
                      disabled={busy}
                      onChange={(e) => setDraft(line.id, 'size', e.currentTarget.value)}
                    />
                  </div>
                  <div className="field">
                    <label className="label" htmlFor={`${id}-date`}>
                      {supplierText.newDate}
                    </label>
                    <input
                      id={`${id}-date`}
                      className="input"
                      type="date"
                      value={draft.date}
                      disabled={busy}
                      onChange={(e) => setDraft(line.id, 'date', e.currentTarget.value)}
                    />
                  </div>
                  <div className="field">
                    <label className="label" htmlFor={`${id}-note`}>
                      {supplierText.lineNote}
                    </label>
                    <input
                      id={`${id}-note`}
                      className="input"
                      maxLength={1000}
                      autoComplete="off"
                      value={draft.note}
                      disabled={busy}
                      onChange={(e) => setDraft(line.id, 'note', e.currentTarget.value)}
                    />
                  </div>
                </div>
                {error ? (
                  <p id={`${id}-error`} className="field-error">
                    {error}
                  </p>
                ) : null}
              </fieldset>
            );
          })}
          {formError ? (
            <p className="field-error form-error" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="actions">
            <button type="button" className="button" disabled={busy} onClick={() => setMode('choose')}>
              {supplierText.cancel}
            </button>
            <button type="submit" className="button primary" disabled={busy}>
              {busy ? supplierText.sending : supplierText.sendChanges}
            </button>
          </div>
        </form>
      ) : null}

      {mode === 'reject' ? (
        <form noValidate onSubmit={submitReject} aria-labelledby={`${ids}-reject`}>
          <h3 id={`${ids}-reject`}>{supplierText.reject}</h3>
          <div className="field">
            <label className="label" htmlFor={`${ids}-reason`}>
              {supplierText.reason} <span aria-hidden="true">*</span>
            </label>
            <textarea
              ref={reasonRef}
              id={`${ids}-reason`}
              className={reasonError ? 'input textarea invalid' : 'input textarea'}
              rows={3}
              maxLength={2000}
              required
              aria-required="true"
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${ids}-reason-error` : undefined}
              value={reason}
              disabled={busy}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                if (reasonError) setReasonError(null);
              }}
            />
            {reasonError ? (
              <p id={`${ids}-reason-error`} className="field-error" role="alert">
                {reasonError}
              </p>
            ) : null}
          </div>
          <div className="actions">
            <button type="button" className="button" disabled={busy} onClick={() => setMode('choose')}>
              {supplierText.cancel}
            </button>
            <button type="submit" className="button danger" disabled={busy}>
              {busy ? supplierText.sending : supplierText.sendRejection}
            </button>
          </div>
        </form>
      ) : null}

      {failure === 'generic' ? (
        <InlineError />
      ) : failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}

      {confirm ? (
        <ConfirmDialog
          body={confirm.body}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const answer = confirm.send;
            setConfirm(null);
            void send(answer);
          }}
        />
      ) : null}
    </section>
  );
}

/** The answer given, with its changes per line or its reason. */
export function AnswerShown({ order, focus = false }: { order: SupplierViewOrder; focus?: boolean }) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // just answered: the buttons tapped are gone, the answer takes the focus
  useEffect(() => {
    if (focus) titleRef.current?.focus();
  }, [focus]);
  const lines = new Map(order.context.orderLines.map((line) => [line.id, line]));
  const tone = order.acknowledgement === 'REJECTED' ? 'danger-text' : 'success-text';
  return (
    <section className="card" aria-labelledby="answer-title">
      <h2 id="answer-title" ref={titleRef} tabIndex={-1}>
        {supplierText.answerTitle}
      </h2>
      <p className={tone} data-testid="answer">
        {supplierText.answers[order.acknowledgement]}
        {order.acknowledgedAt ? ` ${supplierText.answeredOn} ${formatDate(order.acknowledgedAt)}` : ''}
      </p>
      {order.acknowledgement === 'REJECTED' && order.rejectionReason ? (
        <p>
          <strong>{supplierText.rejectionReason}:</strong> {order.rejectionReason}
        </p>
      ) : null}
      {order.lineChanges.length > 0 ? (
        <>
          <h3>{supplierText.changedLines}</h3>
          <ul className="plain-list" data-testid="line-changes">
            {order.lineChanges.map((change) => {
              const line = lines.get(change.orderLineId);
              const parts = [
                change.quantity !== undefined ? supplierText.changeQuantity(change.quantity) : null,
                change.size ? supplierText.changeSize(change.size) : null,
                change.date ? supplierText.changeDate(formatDate(change.date)) : null,
                change.note ?? null,
              ].filter((p): p is string => !!p);
              return (
                <li key={change.orderLineId}>
                  <strong>{line ? lineLabel(line) : `#${change.orderLineId}`}</strong>: {parts.join(' · ')}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
