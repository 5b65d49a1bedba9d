import { type FormEvent, type InputHTMLAttributes, useId, useRef, useState } from 'react';
import { InlineError } from '../components/ui';
import { PublicApiError, type SupplierApi, type SupplierViewOrder, type UpdateBody } from './api';
import { supplierMessages, supplierText } from './strings';

export type UpdateValues = {
  statusId: string;
  eta: string;
  freight: string;
  carrier: string;
  number: string;
  url: string;
  notes: string;
};

/** The form's values as the order has them now. */
export function valuesOf(order: SupplierViewOrder): UpdateValues {
  return {
    statusId: order.orderStatusId === null ? '' : String(order.orderStatusId),
    eta: order.eta ?? '',
    freight: order.freight ?? '',
    carrier: order.tracking.carrier,
    number: order.tracking.number,
    url: order.tracking.url,
    notes: order.customerNotes,
  };
}

/** Only what differs from the order (one update call with the changed fields; tracking goes whole). */
export function changedFields(order: SupplierViewOrder, values: UpdateValues): UpdateBody {
  const before = valuesOf(order);
  const body: UpdateBody = {};
  if (values.statusId !== '' && values.statusId !== before.statusId)
    body.orderStatusId = Number(values.statusId);
  if (values.eta !== before.eta) body.eta = values.eta || null;
  const freight = values.freight.trim();
  if (freight !== before.freight) body.freight = freight || null;
  const tracking = { carrier: values.carrier.trim(), number: values.number.trim(), url: values.url.trim() };
  if (tracking.carrier !== before.carrier || tracking.number !== before.number || tracking.url !== before.url)
    body.tracking = tracking;
  if (values.notes.trim() !== before.notes.trim()) body.notes = values.notes.trim();
  return body;
}

/** Which field a 400's path belongs to. */
const FIELD_OF: Record<string, keyof UpdateValues> = {
  orderStatusId: 'statusId',
  eta: 'eta',
  freight: 'freight',
  'tracking.carrier': 'carrier',
  'tracking.number': 'number',
  'tracking.url': 'url',
  notes: 'notes',
};

/** After answering: status, ETA, freight, tracking and notes, saved in one call with only the changes. */
export function UpdateForm({
  api,
  order,
  onChanged,
  onRevoked,
}: {
  api: SupplierApi;
  order: SupplierViewOrder;
  onChanged: (order: SupplierViewOrder) => void;
  onRevoked: () => void;
}) {
  const [values, setValues] = useState<UpdateValues>(() => valuesOf(order));
  const [errors, setErrors] = useState<Partial<Record<keyof UpdateValues, string>>>({});
  const [outcome, setOutcome] = useState<'saved' | 'unchanged' | 'generic' | string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const id = useId();

  const set = (field: keyof UpdateValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    setOutcome(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const body = changedFields(order, values);
    if (Object.keys(body).length === 0) return setOutcome('unchanged');
    sending.current = true;
    setBusy(true);
    setOutcome(null);
    try {
      const saved = await api.update(order.id, body);
      setValues(valuesOf(saved));
      setErrors({});
      setOutcome('saved');
      onChanged(saved);
    } catch (error) {
      if (error instanceof PublicApiError && error.status === 401) return onRevoked();
      const found: Partial<Record<keyof UpdateValues, string>> = {};
      for (const f of error instanceof PublicApiError ? error.fields : []) {
        const field = FIELD_OF[f.path] ?? (f.path.startsWith('tracking') ? 'url' : undefined);
        if (field) found[field] = f.message;
      }
      setErrors(found);
      if (Object.keys(found).length === 0)
        setOutcome(
          error instanceof PublicApiError && error.status === 409
            ? error.message || supplierMessages.cancelledOrCompleted
            : 'generic',
        );
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const field = (
    name: keyof UpdateValues,
    label: string,
    input: Partial<InputHTMLAttributes<HTMLInputElement>> = {},
    hint?: string,
    wide = false,
  ) => {
    const error = errors[name];
    const describedBy = [hint ? `${id}-${name}-hint` : '', error ? `${id}-${name}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className={wide ? 'field span-all' : 'field'}>
        <label className="label" htmlFor={`${id}-${name}`}>
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          className={error ? 'input invalid' : 'input'}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          value={values[name]}
          disabled={busy}
          onChange={(e) => set(name)(e.currentTarget.value)}
          {...input}
        />
        {hint ? (
          <p id={`${id}-${name}-hint`} className="hint field-hint">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-${name}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const statusError = errors.statusId;
  return (
    <section className="card" aria-labelledby="update-title">
      <h2 id="update-title">{supplierText.updateTitle}</h2>
      <p className="hint">{supplierText.updateIntro}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div className="field-grid">
          <div className="field">
            <label className="label" htmlFor={`${id}-statusId`}>
              {supplierText.statusField}
            </label>
            <select
              id={`${id}-statusId`}
              name="statusId"
              className={statusError ? 'input invalid' : 'input'}
              aria-invalid={statusError ? true : undefined}
              aria-describedby={statusError ? `${id}-statusId-error` : undefined}
              value={values.statusId}
              disabled={busy}
              onChange={(e) => set('statusId')(e.currentTarget.value)}
            >
              {values.statusId === '' ? <option value="">{supplierText.none}</option> : null}
              {order.statuses.map((status) => (
                <option key={status.id} value={String(status.id)}>
                  {status.name}
                </option>
              ))}
            </select>
            {statusError ? (
              <p id={`${id}-statusId-error`} className="field-error">
                {statusError}
              </p>
            ) : null}
          </div>
          {field('eta', supplierText.eta, { type: 'date' })}
          {field('freight', supplierText.freight, { inputMode: 'decimal' }, supplierText.freightHint)}
        </div>
        <fieldset className="plain-fieldset">
          <legend className="label">{supplierText.trackingTitle}</legend>
          <div className="field-grid">
            {field('carrier', supplierText.carrier, { maxLength: 100 })}
            {field('number', supplierText.trackingNumber, { maxLength: 100 })}
            {field('url', supplierText.trackingLink, { type: 'url', inputMode: 'url' }, undefined, true)}
          </div>
        </fieldset>
        <div className="field">
          <label className="label" htmlFor={`${id}-notes`}>
            {supplierText.notesField}
          </label>
          <textarea
            id={`${id}-notes`}
            name="notes"
            className={errors.notes ? 'input textarea invalid' : 'input textarea'}
            rows={3}
            maxLength={10000}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={errors.notes ? `${id}-notes-error` : undefined}
            value={values.notes}
            disabled={busy}
            onChange={(e) => set('notes')(e.currentTarget.value)}
          />
          {errors.notes ? (
            <p id={`${id}-notes-error`} className="field-error">
              {errors.notes}
            </p>
          ) : null}
        </div>
        {outcome === 'generic' ? <InlineError /> : null}
        <div className="actions">
          <button type="submit" className="button primary wide-phone" disabled={busy}>
            {busy ? supplierText.saving : supplierText.save}
          </button>
        </div>
        <p className="outcome" role="status">
          {outcome === 'saved' ? (
            <span className="success-text">{supplierText.saved}</span>
          ) : outcome === 'unchanged' ? (
            supplierText.nothingChanged
          ) : outcome && outcome !== 'generic' ? (
            <span className="danger-text">{outcome}</span>
          ) : null}
        </p>
      </form>
    </section>
  );
}
