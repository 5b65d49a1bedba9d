import { useEffect } from 'react';

/** The key went to an open dropdown: a select or autocomplete showing its options, or a menu. */
export function escapeBelongsToPopup(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('[aria-expanded="true"], [role="menu"], [role="listbox"]') !== null
  );
}

/** Marks a page's modal that a child route opens another modal over (a contact, under its deal). */
export const PAGE_MODAL = { 'data-page-modal': true } as const;

/**
 * Whether the modal whose root has the id `modalId` is the one on top. The page order of modal
 * roots does not tell (a dialog opened from a modal can sit before it in the page), so: a page's
 * modal (PAGE_MODAL) is on top only when no other modal is open; any other modal when every other
 * open modal is a page's modal under it.
 */
export function isTopmostModal(modalId: string): boolean {
  const own = document.getElementById(modalId);
  // only open modals have content; a closed one keeps its empty root
  const others = Array.from(document.querySelectorAll('.mantine-Modal-content'))
    .map((content) => content.closest('.mantine-Modal-root'))
    .filter((root): root is Element => root !== null && root.id !== modalId);
  if (own?.hasAttribute('data-page-modal')) return others.length === 0;
  return others.every((root) => root.hasAttribute('data-page-modal'));
}

/**
 * Escape closes the modal `modalId` (its `id`, with Mantine's closeOnEscape off) only when it is
 * on top: one Escape closes one modal, whether the one over it is its own dialog or a child
 * route's modal (a deal over a contact). Read in the capture phase, before a dialog over it
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
