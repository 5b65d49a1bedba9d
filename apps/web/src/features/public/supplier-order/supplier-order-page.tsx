import './supplier-order.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { GenericError, Loading, MessagePanel, Page } from '../components/ui';
import { formatDate } from '../format';
import { AnswerSection, AnswerShown, isFinalAnswer } from './answer-section';
import { PublicApiError, type SupplierApi, type SupplierViewOrder, supplierApi } from './api';
import { lineLabel, sizeOf } from './format';
import { HistoryList } from './history-list';
import { PdfButton } from './pdf-button';
import { supplierMessages, supplierText } from './strings';
import { UpdateForm } from './update-form';

type Load =
  | { state: 'loading' }
  | { state: 'revoked' }
  | { state: 'error' }
  | { state: 'loaded'; order: SupplierViewOrder; version: number; justAnswered?: boolean };

/**
 * /supplier-order/{linkId}: a supplier without a system answers one order with the link from the
 * purchase-order mail, through the supplier API's own calls (the link id is the bearer credential).
 */
export function SupplierOrderPage({ linkId }: { linkId: string }) {
  const api = useMemo(() => supplierApi(linkId), [linkId]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const reload = useCallback(() => {
    setLoad((was) => (was.state === 'loaded' ? was : { state: 'loading' }));
    api
      .me()
      .then((me) => {
        // a supplier's token opens this page too, but names no one order: only a link does
        if (me.supplierOrderId === null) throw new PublicApiError(404, 'No order');
        return api.order(me.supplierOrderId);
      })
      .then(
        (order) =>
          setLoad((was) => ({
            state: 'loaded',
            order,
            version: was.state === 'loaded' ? was.version + 1 : 0,
          })),
        (error: unknown) =>
          setLoad({
            state:
              error instanceof PublicApiError && (error.status === 401 || error.status === 404)
                ? 'revoked'
                : 'error',
          }),
      );
  }, [api]);
  useEffect(reload, [reload]);

  const revoked = useCallback(() => setLoad({ state: 'revoked' }), []);
  const changed = useCallback(
    (order: SupplierViewOrder) =>
      setLoad((was) => ({
        state: 'loaded',
        order,
        version: was.state === 'loaded' ? was.version + 1 : 0,
        justAnswered:
          was.state === 'loaded' &&
          !isFinalAnswer(was.order.acknowledgement) &&
          isFinalAnswer(order.acknowledgement),
      })),
    [],
  );

  useEffect(() => {
    if (load.state === 'loaded')
      document.title = `${supplierText.purchaseOrder(load.order.purchaseOrderNumber)} · ${load.order.dealerName}`;
  }, [load]);

  if (load.state === 'loading')
    return (
      <Page>
        <Loading />
      </Page>
    );
  if (load.state === 'revoked')
    return (
      <Page>
        <MessagePanel title={supplierText.revokedTitle} body={supplierMessages.linkRevoked} />
      </Page>
    );
  if (load.state === 'error')
    return (
      <Page>
        <GenericError onRetry={reload} />
      </Page>
    );
  const { order, version, justAnswered = false } = load;
  const answered = isFinalAnswer(order.acknowledgement);
  return (
    <Page heading={order.dealerName}>
      <OrderHeader api={api} order={order} onRevoked={revoked} />
      {order.revises ? <RevisionNote revises={order.revises} /> : null}
      <OrderLines order={order} />
      {answered ? (
        <>
          <AnswerShown order={order} focus={justAnswered} />
          {order.acknowledgement !== 'REJECTED' ? (
            <UpdateForm key={order.id} api={api} order={order} onChanged={changed} onRevoked={revoked} />
          ) : null}
        </>
      ) : (
        <AnswerSection api={api} order={order} onChanged={changed} onRevoked={revoked} onStale={reload} />
      )}
      <HistoryList api={api} supplierOrderId={order.id} version={version} onRevoked={revoked} />
    </Page>
  );
}

function OrderHeader({
  api,
  order,
  onRevoked,
}: {
  api: SupplierApi;
  order: SupplierViewOrder;
  onRevoked: () => void;
}) {
  const { context } = order;
  return (
    <section className="card" aria-labelledby="order-title">
      <h1 id="order-title">
        {supplierText.purchaseOrder(order.purchaseOrderNumber)}
        {order.revisionNumber > 1 ? (
          <>
            {' '}
            <span className="revision">({supplierText.revision(order.revisionNumber)})</span>
          </>
        ) : null}
      </h1>
      <dl className="facts">
        <div>
          <dt>{supplierText.requiredDate}</dt>
          <dd data-testid="required-date">
            {context.requiredDate ? formatDate(context.requiredDate) : supplierText.none}
          </dd>
        </div>
        {order.submittedAt ? (
          <div>
            <dt>{supplierText.submitted}</dt>
            <dd>{formatDate(order.submittedAt)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{supplierText.status}</dt>
          <dd data-testid="order-status">{context.orderStatus.name || supplierText.none}</dd>
        </div>
        {order.reference ? (
          <div>
            <dt>{supplierText.reference}</dt>
            <dd>{order.reference}</dd>
          </div>
        ) : null}
      </dl>
      <h2 className="subhead">{supplierText.shipTo}</h2>
      <dl className="facts">
        <div>
          <dt>{supplierText.method}</dt>
          <dd>{context.shippingMethod?.name || supplierText.none}</dd>
        </div>
        <div>
          <dt>{supplierText.address}</dt>
          <dd className="multiline">{context.shippingAddress || supplierText.none}</dd>
        </div>
        {order.shippingInstructions ? (
          <div>
            <dt>{supplierText.instructions}</dt>
            <dd className="multiline">{order.shippingInstructions}</dd>
          </div>
        ) : null}
      </dl>
      <PdfButton api={api} supplierOrderId={order.id} ready={order.pdfUrl !== null} onRevoked={onRevoked} />
    </section>
  );
}

function RevisionNote({ revises }: { revises: NonNullable<SupplierViewOrder['revises']> }) {
  return (
    <section className="card note-card" aria-labelledby="revision-title">
      <h2 id="revision-title">{supplierText.replaces(revises.revisionNumber)}</h2>
      {revises.changes.length > 0 ? (
        <>
          <h3>{supplierText.changesTitle}</h3>
          <ul className="plain-list" data-testid="revision-changes">
            {revises.changes.map((change, index) => (
              // the changes come in the server's order and carry no id
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered
              <li key={index}>{change.description}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function OrderLines({ order }: { order: SupplierViewOrder }) {
  const lines = order.context.orderLines;
  return (
    <section className="card" aria-labelledby="lines-title">
      <h2 id="lines-title">{supplierText.lines}</h2>
      {lines.length === 0 ? (
        <p className="hint">{supplierText.noLines}</p>
      ) : (
        <ol className="lines" data-testid="order-lines">
          {lines.map((line) => {
            const size = sizeOf(line);
            const mount = supplierText.mounts[line.configuration.siteMount];
            return (
              <li key={line.id} className="line">
                <div className="line-main">
                  <span className="line-product">{lineLabel(line)}</span>
                  <span className="line-qty">
                    {supplierText.quantity} {line.quantity}
                  </span>
                </div>
                <div className="line-detail">
                  {size ? (
                    <span>
                      {supplierText.size} {size}
                    </span>
                  ) : null}
                  {mount ? <span>{mount}</span> : null}
                </div>
                {line.configuration.options.length > 0 ? (
                  <ul className="options">
                    {line.configuration.options.map((option) => (
                      <li key={`${option.group}:${option.name}`}>
                        <span className="option-group">{option.group}:</span> {option.name}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {line.notes ? (
                  <p className="line-notes">
                    {supplierText.notes}: {line.notes}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
