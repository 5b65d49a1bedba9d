/**
 * At most `slots` runs of `work` at a time; the rest wait their turn, first come first served.
 * PDFs are made one after another by one worker thread anyway: letting twenty requests load their
 * quotes at once only puts twenty requests' work on the API thread in front of everything else.
 */
export function limiter(slots: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
