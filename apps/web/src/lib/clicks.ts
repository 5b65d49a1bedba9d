/**
 * The second click of a double click (its `detail` is 2 or more) is not a second request: a
 * destructive control ignores it, so a double click acts once, and never on the row that slid
 * under the pointer after the first. Keyboard presses (detail 0) always count.
 */
export function firstClickOnly<E extends { detail: number }>(handler: (event: E) => void) {
  return (event: E) => {
    if (event.detail > 1) return;
    handler(event);
  };
}
