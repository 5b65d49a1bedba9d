import { Box, Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FrameToPageMessage,
  optionsFrameUrl,
  type PageToFrameMessage,
  readFrameMessage,
} from '../../../lib/options-frame-protocol';
import { markSessionExpired, optionsFrameOrigin } from '../../../lib/session/session-expiry';

/** What the page does with each message of the frame (§2). */
export type FrameHandlers = {
  closeModal: () => void;
  didSave: (lineId: number) => void;
  error: (heading: string, message: string) => void;
  openUrl: (url: string) => void;
  sessionExpired: () => void;
};

/**
 * One `message` event: handled only when it comes from the frame's origin AND from the frame's
 * own window (another window of the same origin, or the page itself, is ignored), and only when
 * it is a well-formed §2 message. Answers the message it handled, or undefined.
 */
export function handleFrameEvent(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frame: { origin: string; window: MessageEventSource | null | undefined },
  handlers: FrameHandlers,
): FrameToPageMessage | undefined {
  if (event.origin !== frame.origin) return undefined;
  if (!frame.window || event.source !== frame.window) return undefined;
  const message = readFrameMessage(event.data);
  if (!message) return undefined;
  switch (message.type) {
    case 'closeModal':
      handlers.closeModal();
      break;
    case 'didSave':
      handlers.didSave(message.lineId);
      break;
    case 'error':
      handlers.error(message.heading, message.message);
      break;
    case 'openUrl':
      handlers.openUrl(message.url);
      break;
    case 'sessionExpired':
      handlers.sessionExpired();
      break;
  }
  return message;
}

/** Asks the frame to reload its line (the page saved the line's sizes): posted to the frame's origin only. */
export function postRefresh(frame: HTMLIFrameElement | null, frameOrigin: string): void {
  const message: PageToFrameMessage = { type: 'refresh' };
  frame?.contentWindow?.postMessage(message, frameOrigin);
}

/** Mantine's modals leave an Escape alone when its target carries this (see the error dialog). */
const STOP_ESCAPE = { 'data-mantine-stop-propagation': 'true' } as const;

type OptionsFrameHostProps = {
  lineId: number;
  orderId: number;
  windowId: number;
  /** Raised by one after each save of the page's own form: the frame is told to refresh. */
  refreshSignal: number;
  onClose: () => void;
  onSaved: (lineId: number) => void;
};

/**
 * §2: the options frame ({OPTIONS_FRAME_BASE}/product-options/{lineId}) embedded under the
 * product's form. closeModal goes back to the quote, didSave refreshes the quote, error opens a
 * dialog with its heading and message, openUrl opens a new tab, sessionExpired expires the session.
 */
export function OptionsFrameHost({
  lineId,
  orderId,
  windowId,
  refreshSignal,
  onClose,
  onSaved,
}: OptionsFrameHostProps) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [dialog, setDialog] = useState<{ heading: string; message: string } | null>(null);
  const frameOrigin = optionsFrameOrigin();
  const src = optionsFrameUrl(frameOrigin, { lineId, orderId, windowId }, window.location.origin);
  const handlers = useRef<FrameHandlers>(null as unknown as FrameHandlers);
  handlers.current = {
    closeModal: onClose,
    didSave: onSaved,
    error: (heading, message) => setDialog({ heading, message }),
    openUrl: (url) => void window.open(url, '_blank', 'noopener'),
    sessionExpired: markSessionExpired,
  };

  useEffect(() => {
    const onMessage = (event: MessageEvent) =>
      void handleFrameEvent(
        event,
        { origin: frameOrigin, window: frameRef.current?.contentWindow },
        handlers.current,
      );
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameOrigin]);

  useEffect(() => {
    if (refreshSignal > 0) postRefresh(frameRef.current, frameOrigin);
  }, [refreshSignal, frameOrigin]);

  return (
    <>
      <Box
        component="iframe"
        ref={frameRef}
        src={src}
        title={t('productScreen.optionsTitle')}
        style={{
          display: 'block',
          width: '100%',
          height: 'min(46rem, 80vh)',
          minHeight: '28rem',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-body)',
        }}
      />
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.heading}
        zIndex={400}
        centered
        // Escape closes this dialog only: every Mantine modal listens for Escape on the window, so
        // the product screen under it would close with the same key; focus inside this dialog is
        // on elements marked to stop that, and the key is handled here.
        closeOnEscape={false}
        attributes={{ content: STOP_ESCAPE, close: STOP_ESCAPE }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          setDialog(null);
        }}
        closeButtonProps={{ 'aria-label': t('errors.close') }}
        styles={{ title: { fontWeight: 700 } }}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {dialog?.message}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setDialog(null)} data-autofocus {...STOP_ESCAPE}>
            {t('productScreen.frameErrorOk')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
