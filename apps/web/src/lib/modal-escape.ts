import { useEffect } from 'react';

/** The key went to an open dropdown: a select or autocomplete showing its options, or a menu. */
export function escapeBelongsToPopup(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('[aria-expanded="true"], [role="menu"], [role="listbox"]') !== null
  );
}

/**
 * Whether the modal whose root has the id `modalId` is the one on top of the open modals: the
 * highest z-index, and among equals the later in the page (a modal opened over another mounts after it).
 */
export function isTopmostModal(modalId: string): boolean {
  let top: Element | null = null;
  let topZ = Number.NEGATIVE_INFINITY;
  // only open modals have content; a closed one keeps its empty root
  for (const content of document.querySelectorAll('.mantine-Modal-content')) {
    const root = content.closest('.mantine-Modal-root');
    if (!root) continue;
    const z = Number.parseInt(getComputedStyle(root).getPropertyValue('--mb-z-index'), 10) || 0;
    if (z >= topZ) {
      top = root;
      topZ = z;
    }
  }
  return top?.id === modalId;
}

/**
 * Escape closes the modal `modalId` (its `id`, with Mantine's closeOnEscape off) only when it is
 * on top: one Escape closes one modal, whether the one over it is its own dialog or another
 * page's modal (a deal over a contact). Read in the capture phase, before a dialog over it
 * handles the key and closes itself.
 */
export function useEscapeClosesTopmost(modalId: string, onClose: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      if (escapeBelongsToPopup(event.target)) return;
      if (!isTopmostModal(modalId)) return;
      onClose();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [modalId, onClose]);
}
