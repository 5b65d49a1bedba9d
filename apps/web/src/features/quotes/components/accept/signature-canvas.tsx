import { Button, Group, Text, TextInput } from '@mantine/core';
import {
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import { IconEraser } from '../../../../components/icons';
import '../../accept-strings';
import { drawTypedSignature, fitSignatureCanvas, SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from './accept-logic';

export type SignatureCanvasHandle = {
  /** The drawn signature as a 768 × 240 PNG data URL; null when nothing is drawn. */
  toPng: () => string | null;
  clear: () => void;
};

/**
 * §9's 768 × 240 signature canvas (signature_pad: pointer events, so mouse, pen and touch). The
 * canvas keeps 768 × 240 pixels; on a narrower screen it shows scaled down with its ratio and the
 * strokes are scaled up by the same factor, so they land under the pointer and the image sent is
 * the full size whatever the screen. Beneath it, for keyboard use, a name typed is drawn on the
 * pad in place of strokes (drawing afterwards adds to it; Clear empties both).
 */
/** Whether the typed name's field holds a name. */
const hasTypedName = (field: HTMLInputElement | null) => (field?.value.trim() ?? '') !== '';

export function SignatureCanvas({
  disabled,
  onChange,
  ref,
}: {
  disabled: boolean;
  /** Called with whether something is drawn, after each stroke and on Clear. */
  onChange: (signed: boolean) => void;
  ref?: Ref<SignatureCanvasHandle>;
}) {
  const { t } = useTranslation();
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [fit, setFit] = useState(() => fitSignatureCanvas(SIGNATURE_WIDTH));
  const [signed, setSigned] = useState(false);
  /** The typed name's field: what it holds is read where needed, never copied into state. */
  const nameRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** Shows and reports whether the pad holds a signature. */
  const report = useCallback((drawn: boolean) => {
    setSigned(drawn);
    onChangeRef.current(drawn);
  }, []);

  // the width available now and whenever it changes (a phone turned, the modal resized)
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const measure = () => setFit(fitSignatureCanvas(wrap.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    canvas.width = SIGNATURE_WIDTH;
    canvas.height = SIGNATURE_HEIGHT;
    const pad = new SignaturePad(canvas, {
      penColor: '#1a1b1e',
      backgroundColor: 'rgb(255, 255, 255)',
      minWidth: 0.8,
      maxWidth: 2.6,
    });
    const ended = () => report(!pad.isEmpty() || hasTypedName(nameRef.current));
    pad.addEventListener('endStroke', ended);
    padRef.current = pad;
    return () => {
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, [report]);

  // Points arrive in CSS pixels: scale them onto the 768 × 240 canvas. What is drawn stays.
  useEffect(() => {
    canvasRef.current?.getContext('2d')?.setTransform(fit.scale, 0, 0, fit.scale, 0, 0);
  }, [fit.scale]);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = useCallback(() => {
    padRef.current?.clear();
    if (nameRef.current) nameRef.current.value = '';
    report(false);
  }, [report]);

  // A typed name replaces what is on the pad: cleared, then the name drawn across it.
  const type = (name: string) => {
    const pad = padRef.current;
    const context = canvasRef.current?.getContext('2d');
    if (!pad) return;
    pad.clear();
    const trimmed = name.trim();
    if (context && trimmed) drawTypedSignature(context, trimmed);
    report(trimmed !== '');
  };

  useImperativeHandle(
    ref,
    () => ({
      toPng: () => {
        const pad = padRef.current;
        const canvas = canvasRef.current;
        if (!pad || !canvas) return null;
        if (!pad.isEmpty()) return pad.toDataURL('image/png');
        // a name typed and nothing drawn: the canvas as the name left it
        return hasTypedName(nameRef.current) ? canvas.toDataURL('image/png') : null;
      },
      clear,
    }),
    [clear],
  );

  return (
    <div>
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('quoteAccept.signature')}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconEraser size={14} aria-hidden />}
          onClick={clear}
          disabled={disabled || !signed}
        >
          {t('quoteAccept.clear')}
        </Button>
      </Group>
      <div ref={wrapRef} style={{ width: '100%' }}>
        <canvas
          ref={canvasRef}
          data-testid="signature-canvas"
          aria-label={t('quoteAccept.signaturePad')}
          aria-describedby={hintId}
          role="img"
          style={{
            display: 'block',
            width: fit.cssWidth,
            height: fit.cssHeight,
            // an outline, not a border: the drawn area is exactly the box the pointer is measured in
            outline: '1px solid var(--mantine-color-gray-6)',
            borderRadius: 'var(--mantine-radius-sm)',
            background: '#fff',
            touchAction: 'none',
            cursor: disabled ? 'not-allowed' : 'crosshair',
            opacity: disabled ? 0.45 : 1,
          }}
        />
      </div>
      <Group justify="space-between" gap="xs" mt={4}>
        <Text id={hintId} size="xs" c="dimmed">
          {t('quoteAccept.signatureHint')}
        </Text>
        <Text size="xs" c={signed ? 'teal.9' : 'dimmed'} aria-live="polite" data-testid="signature-state">
          {signed ? t('quoteAccept.signed') : t('quoteAccept.notSigned')}
        </Text>
      </Group>
      <TextInput
        mt="xs"
        label={t('quoteAccept.typedName')}
        description={t('quoteAccept.typedNameHint')}
        ref={nameRef}
        maxLength={80}
        autoComplete="off"
        disabled={disabled}
        onChange={(event) => type(event.currentTarget.value)}
      />
    </div>
  );
}
