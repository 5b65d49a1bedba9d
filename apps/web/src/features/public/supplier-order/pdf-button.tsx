import { useEffect, useRef, useState } from 'react';
import { PublicApiError, type SupplierApi } from './api';
import { supplierText } from './strings';

/**
 * 'View PDF': the PDF's address needs the link in a header, so it is fetched and opened as a blob.
 * The tab is opened at the tap (a tab opened after an await is a pop-up browsers block); when it
 * was blocked all the same, a link to the blob is offered instead. The PDF is rendered after the
 * order is sent: until then (`ready` false, or a 404) the page says it is being prepared.
 */
export function PdfButton({
  api,
  supplierOrderId,
  ready,
  onRevoked,
}: {
  api: SupplierApi;
  supplierOrderId: number;
  ready: boolean;
  onRevoked: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<'notReady' | 'failed' | null>(null);
  const [fallback, setFallback] = useState<string | null>(null);
  const urls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const open = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(null);
    const tab = window.open('', '_blank');
    try {
      const blob = await api.pdf(supplierOrderId);
      const url = URL.createObjectURL(blob);
      urls.current.push(url);
      if (tab) tab.location.href = url;
      else setFallback(url);
    } catch (error) {
      tab?.close();
      if (error instanceof PublicApiError && error.status === 401) return onRevoked();
      setFailed(error instanceof PublicApiError && error.status === 404 ? 'notReady' : 'failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pdf">
      <button type="button" className="button" disabled={busy} onClick={() => void open()}>
        {busy ? supplierText.openingPdf : supplierText.viewPdf}
      </button>
      {fallback ? (
        <a className="link" href={fallback} target="_blank" rel="noopener">
          {supplierText.openPdfLink}
        </a>
      ) : null}
      {failed ? (
        <p className="field-error" role="alert">
          {failed === 'notReady' ? supplierText.pdfNotReady : supplierText.pdfFailed}
        </p>
      ) : !ready ? (
        <p className="hint">{supplierText.pdfNotReady}</p>
      ) : null}
    </div>
  );
}
