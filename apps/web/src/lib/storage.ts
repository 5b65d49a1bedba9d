type Store = {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
};

/** Web storage that never throws (private mode, disabled storage): the value then lives for this page. */
function safeStorage(area: () => Storage): Store {
  return {
    get(key) {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        area().setItem(key, value);
      } catch {
        // storage unavailable
      }
    },
    remove(key) {
      try {
        area().removeItem(key);
      } catch {
        // storage unavailable
      }
    },
  };
}

/** localStorage: kept across tabs and restarts. */
export const storage = safeStorage(() => window.localStorage);

/** sessionStorage: this tab only, e.g. what one page hands to the next across a full load. */
export const tabStorage = safeStorage(() => window.sessionStorage);
