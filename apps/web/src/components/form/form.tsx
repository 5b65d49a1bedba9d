import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  FormProvider,
  get,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createRules, type FormRules } from '../../lib/forms/rules';
import { translateMessage } from '../../lib/i18n/i18n';
import { notifyError } from '../../lib/notify';
import { useUnsavedChanges } from './unsaved-changes';

/** How every form of the kit validates: on the first blur, then on each change; AppForm reveals errors. */
export const KIT_FORM_MODE = { mode: 'onTouched', shouldFocusError: false } as const;

/** The kit's rules, rebuilt when the language changes. */
export function useFormRules(): FormRules {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what the rules depend on
  return useMemo(() => createRules(t), [t, i18n.language]);
}

const cssEscape = (name: string) => name.replace(/["\\]/g, '\\$&');

/** The first field (in page order) that has an error, with its message. */
function firstError(errors: FieldErrors, names: string[]): { name: string; message: string } | undefined {
  for (const name of names) {
    const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) return { name, message };
  }
  for (const [name, value] of Object.entries(errors)) {
    const message = (value as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) return { name, message };
  }
  return undefined;
}

/**
 * A field's blur while the pointer is pressed inside its form waits until the press is over. A
 * blur validates the field (onTouched); its message pushes what is below it down, and a Save or
 * Cancel that moves between the press and the release never gets its click (the submit, and with
 * it §5's toast, was lost that way). After the release the click lands, then the blur validates.
 */
function useBlurAfterPress(): { onPointerDownCapture: () => void; defer: (blur: () => void) => void } {
  const pressed = useRef(false);
  const waiting = useRef<(() => void)[]>([]);
  useEffect(() => {
    const release = () => {
      if (!pressed.current) return;
      // after the click that this release makes
      setTimeout(() => {
        pressed.current = false;
        for (const blur of waiting.current.splice(0)) blur();
      });
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    return () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
    };
  }, []);
  return useMemo(
    () => ({
      onPointerDownCapture: () => {
        pressed.current = true;
      },
      defer: (blur: () => void) => {
        if (pressed.current) waiting.current.push(blur);
        else blur();
      },
    }),
    [],
  );
}

const BlurContext = createContext<(blur: () => void) => void>((blur) => blur());

/** How a field of the kit reports its blur (see useBlurAfterPress). */
export const useFieldBlur = () => useContext(BlurContext);

type AppFormProps<V extends FieldValues, O> = {
  form: UseFormReturn<V, unknown, O>;
  onSubmit: SubmitHandler<O>;
  children: ReactNode;
  'aria-label'?: string;
  className?: string;
};

/**
 * A form of the kit: submitting an invalid form reveals (scrolls to and focuses) the first
 * error and shows a toast titled with it: 'Review all fields and try again'. The fieldset is
 * disabled while submitting. Its unsaved changes are reported (unsaved-changes.tsx): its
 * FormModal and the route guard ask before dropping them; a save resets the form (page) or
 * closes its modal with `useFormModal().close()`.
 */
export function AppForm<V extends FieldValues, O>({
  form,
  onSubmit,
  children,
  className,
  ...rest
}: AppFormProps<V, O>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLFormElement>(null);
  const reveal = useRef<string | null>(null);
  const { isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty);
  const blur = useBlurAfterPress();
  // the fieldset is disabled while submitting, so the first error is focused once it is enabled again
  useEffect(() => {
    if (isSubmitting || !reveal.current) return;
    const element = ref.current?.querySelector<HTMLElement>(`[name="${cssEscape(reveal.current)}"]`);
    reveal.current = null;
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus();
  });
  const onInvalid = (errors: FieldErrors<V>) => {
    const names = ref.current
      ? Array.from(ref.current.querySelectorAll<HTMLElement>('[name]'))
          .map((el) => el.getAttribute('name') ?? '')
          .filter(Boolean)
      : [];
    const first = firstError(errors, names);
    if (!first) return;
    reveal.current = first.name;
    notifyError(translateMessage(first.message), t('form.reviewAll'));
  };
  return (
    <FormProvider {...form}>
      <form
        ref={ref}
        noValidate
        onSubmit={form.handleSubmit(onSubmit, onInvalid)}
        onPointerDownCapture={blur.onPointerDownCapture}
        className={className}
        {...rest}
      >
        <BlurContext value={blur.defer}>
          <fieldset disabled={isSubmitting} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            {children}
          </fieldset>
        </BlurContext>
      </form>
    </FormProvider>
  );
}
