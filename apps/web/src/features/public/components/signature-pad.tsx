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
import SignaturePad from 'signature_pad';
import { text } from '../strings';

/** The signature image's size (foundation §9), the same as the dealer's accept. */
export const SIGNATURE_WIDTH = 768;
export const SIGNATURE_HEIGHT = 240;

export type SignaturePadHandle = {
  /** The signature as a 768 × 240 PNG data URL; null when nothing is drawn. */
  toPng: () => string | null;
  /** Draws a typed name across the pad in place of strokes (for keyboard use). */
  drawName: (name: string) => void;
};

/** The canvas's CSS width for the width available: never wider than 768, its ratio kept. */
export function fitWidth(available: number): number {
  return Math.max(1, Math.min(SIGNATURE_WIDTH, Math.floor(available > 0 ? available : SIGNATURE_WIDTH)));
}

/**
 * The customer's signature pad (signature_pad, as on the dealer's accept: pointer events, so
 * finger, pen and mouse). The canvas keeps 768 × 240 pixels and shows scaled to the width
 * available; strokes are scaled by the same factor so they land under the finger.
 */
export function SignaturePadField({
  disabled,
  error,
  onChange,
  ref,
}: {
  disabled: boolean;
  error: string | null;
  /** Called with whether something is on the pad, after each stroke, a typed name and Clear. */
  onChange: (signed: boolean) => void;
  ref?: Ref<SignaturePadHandle>;
}) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const typedRef = useRef(false);
  const [cssWidth, setCssWidth] = useState(SIGNATURE_WIDTH);
  const [signed, setSigned] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const report = useCallback((drawn: boolean) => {
    setSigned(drawn);
    onChangeRef.current(drawn);
  }, []);

  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const measure = () => setCssWidth(fitWidth(wrap.clientWidth));
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
    const ended = () => report(!pad.isEmpty() || typedRef.current);
    pad.addEventListener('endStroke', ended);
    padRef.current = pad;
    return () => {
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, [report]);

  // points arrive in CSS pixels: scaled onto the 768 × 240 canvas
  useEffect(() => {
    const scale = SIGNATURE_WIDTH / cssWidth;
    canvasRef.current?.getContext('2d')?.setTransform(scale, 0, 0, scale, 0, 0);
  }, [cssWidth]);

  useEffect(() => {
    if (disabled) padRef.current?.off();
    else padRef.current?.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    typedRef.current = false;
    report(false);
  };

  useImperativeHandle(
    ref,
    () => ({
      toPng: () => {
        const pad = padRef.current;
        const canvas = canvasRef.current;
        if (!pad || !canvas) return null;
        if (!pad.isEmpty()) return pad.toDataURL('image/png');
        return typedRef.current ? canvas.toDataURL('image/png') : null;
      },
      drawName: (name: string) => {
        const pad = padRef.current;
        const context = canvasRef.current?.getContext('2d');
        const trimmed = name.trim();
        if (!pad || !context || !trimmed) return;
        pad.clear();
        context.save();
        context.setTransform(1, 0, 0, 1, 0, 0);
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
        context.fillStyle = '#1a1b1e';
        context.font = 'italic 64px Georgia, "Times New Roman", serif';
        context.textAlign = 'center';
        context.textBaseline = 'middle';
        context.fillText(trimmed, SIGNATURE_WIDTH / 2, SIGNATURE_HEIGHT / 2, SIGNATURE_WIDTH - 64);
        context.restore();
        typedRef.current = true;
        report(true);
      },
    }),
    [report],
  );

  return (
    <div className="field">
      <div className="row-between">
        <span className="label" id={`${hintId}-label`}>
          {text.quote.signature}
        </span>
        <button type="button" className="button subtle small" onClick={clear} disabled={disabled || !signed}>
          {text.quote.clear}
        </button>
      </div>
      <div ref={wrapRef} className="signature-wrap">
        <canvas
          ref={canvasRef}
          className={error ? 'signature invalid' : 'signature'}
          data-testid="signature-canvas"
          role="img"
          aria-label={text.quote.signaturePad}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          style={{ width: cssWidth, height: Math.round((cssWidth * SIGNATURE_HEIGHT) / SIGNATURE_WIDTH) }}
        />
      </div>
      <div className="row-between">
        <span id={hintId} className="hint">
          {text.quote.signatureHint}
        </span>
        <span className="hint" aria-live="polite" data-testid="signature-state">
          {signed ? text.quote.signed : text.quote.notSigned}
        </span>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
