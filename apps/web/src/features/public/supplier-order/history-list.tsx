import { useCallback, useEffect, useState } from 'react';
import { text } from '../strings';
import { type HistoryPage, PublicApiError, type SupplierApi, type SupplierOrderHistoryEntry } from './api';
import { formatDateTime } from './format';
import { supplierMessages, supplierText } from './strings';

type State =
  | { state: 'loading' }
  | { state: 'error' }
  | {
      state: 'loaded';
      entries: SupplierOrderHistoryEntry[];
      total: number;
      page: number;
      more: 'idle' | 'loading' | 'error';
    };

/** The order's history, newest first (40 a page): reloaded whenever `version` moves. */
export function HistoryList({
  api,
  supplierOrderId,
  version,
  onRevoked,
}: {
  api: SupplierApi;
  supplierOrderId: number;
  version: number;
  onRevoked: () => void;
}) {
  const [state, setState] = useState<State>({ state: 'loading' });
  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof PublicApiError && error.status === 401) onRevoked();
      else setState({ state: 'error' });
    },
    [onRevoked],
  );
  const load = useCallback(() => {
    let live = true;
    api.history(supplierOrderId, 1).then(
      (page: HistoryPage) =>
        live && setState({ state: 'loaded', entries: page.data, total: page.total, page: 1, more: 'idle' }),
      (error: unknown) => live && failed(error),
    );
    return () => {
      live = false;
    };
  }, [api, supplierOrderId, failed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the signal to read it again
  useEffect(load, [load, version]);

  const older = async () => {
    if (state.state !== 'loaded' || state.more === 'loading') return;
    setState({ ...state, more: 'loading' });
    try {
      const next = await api.history(supplierOrderId, state.page + 1);
      // a change made meanwhile shifts the pages by one: an entry already shown is not shown twice
      const seen = new Set(state.entries.map((e) => e.id));
      setState({
        state: 'loaded',
        entries: [...state.entries, ...next.data.filter((e) => !seen.has(e.id))],
        total: next.total,
        page: state.page + 1,
        more: 'idle',
      });
    } catch (error) {
      if (error instanceof PublicApiError && error.status === 401) return onRevoked();
      setState({ ...state, more: 'error' });
    }
  };

  return (
    <section className="card" aria-labelledby="history-title" aria-busy={state.state === 'loading'}>
      <h2 id="history-title">{supplierText.historyTitle}</h2>
      {state.state === 'loading' ? (
        <p className="hint">{text.loading}</p>
      ) : state.state === 'error' ? (
        <div role="alert">
          <p className="danger-text">{supplierText.historyFailed}</p>
          <button type="button" className="button small" onClick={load}>
            {text.tryAgain}
          </button>
        </div>
      ) : state.entries.length === 0 ? (
        <p className="hint">{supplierMessages.historyEmpty}</p>
      ) : (
        <>
          <ol className="history" data-testid="history">
            {state.entries.map((entry) => (
              <li key={entry.id} className="history-entry">
                <div className="history-head">
                  <span className="history-who">{entry.employee.fullName}</span>
                  <time dateTime={entry.createdAt} className="hint">
                    {formatDateTime(entry.createdAt)}
                  </time>
                </div>
                <ul className="plain-list">
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      <strong>{change.label}</strong>: {change.old || supplierText.blank} →{' '}
                      {change.new || supplierText.blank}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          {state.entries.length < state.total ? (
            <div className="actions">
              <button
                type="button"
                className="button small"
                disabled={state.more === 'loading'}
                onClick={() => void older()}
              >
                {state.more === 'loading' ? text.loading : supplierText.showOlder}
              </button>
            </div>
          ) : null}
          {state.more === 'error' ? (
            <p className="danger-text" role="alert">
              {supplierText.historyFailed}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
