/**
 * The product options frame: loads a line's option groups, saves each choice
 * at once, and talks to the page that embeds it with the §2 messages
 * (lib/options-frame-protocol.ts), origin-checked both ways: it posts only to `parentOrigin`, and
 * only when that is an origin it trusts; it hears only messages from its parent window at that
 * origin.
 */
import { type FrameToPageMessage, readPageMessage } from '../lib/options-frame-protocol';
import { createFrameApi, type Failure, type FrameApi } from './api';
import type { OptionsDisplay } from './display';
import { readLineAddress, readParentOrigin, trustedParentOrigins } from './frame-params';
import {
  type ConfiguratorView,
  renderConfigurator,
  renderMessage,
  type Selection,
  selectedKeys,
  selectionOf,
} from './render';
import { frameLanguage, frameStrings } from './strings';

export type FrameEnvironment = {
  window: Window;
  root: HTMLElement;
  fetch: typeof fetch;
  /** The SPA's stored language (same origin), if any. */
  storedLanguage: string | null;
  /** The runtime settings block the server wrote into the document, if any. */
  settings: unknown;
};

export type OptionsFrame = {
  /** Resolves when the current load or save (and any save queued behind it) is over. */
  idle(): Promise<void>;
  stop(): void;
};

export function startOptionsFrame(env: FrameEnvironment): OptionsFrame {
  const { window: win, root } = env;
  const language = frameLanguage(env.storedLanguage);
  const s = frameStrings[language];
  win.document.documentElement.lang = language;
  win.document.title = s.title;

  const parentOrigin = readParentOrigin(win.location);
  const trusted = trustedParentOrigins(win.location.origin, env.settings);
  const noop: OptionsFrame = { idle: async () => {}, stop: () => {} };
  if (!parentOrigin || !trusted.includes(parentOrigin)) {
    // Posting nothing: whoever named this origin may not hear from the frame.
    renderMessage(root, s, s.untrustedParent, { alert: true });
    return noop;
  }
  const origin = parentOrigin;
  const post = (message: FrameToPageMessage) => win.parent.postMessage(message, origin);

  const address = readLineAddress(win.location);
  if (!address) {
    renderMessage(root, s, s.badAddress, { alert: true });
    post({ type: 'error', heading: s.loadFailedHeading, message: s.badAddress });
    return noop;
  }
  const lineId = address.lineId;
  const api: FrameApi = createFrameApi(address, s, env.fetch);

  let display: OptionsDisplay | undefined;
  let view: ConfiguratorView | undefined;
  /** What the server holds, and what is shown (ahead of it while a save is on its way). */
  let saved: Selection = new Map();
  let shown: Selection = new Map();
  let busy: Promise<void> = Promise.resolve();
  let saving = false;
  let saveAgain = false;
  let refreshAfterSave = false;
  let stopped = false;

  const expired = () => {
    post({ type: 'sessionExpired' });
  };

  const failed = (failure: Failure, heading: string) => {
    if (failure.kind === 'session') expired();
    else post({ type: 'error', heading, message: failure.message });
  };

  async function load(): Promise<void> {
    if (!display) renderMessage(root, s, s.loading);
    const result = await api.loadOptions();
    if (stopped) return;
    if (!result.ok) {
      failed(result.failure, s.loadFailedHeading);
      // A refresh that fails keeps the configurator as it was; a first load shows why.
      if (!display) {
        renderMessage(
          root,
          s,
          result.failure.kind === 'session' ? s.sessionExpired : result.failure.message,
          { alert: true, ...(result.failure.kind === 'session' ? {} : { retry: () => track(load()) }) },
        );
      }
      return;
    }
    display = result.value;
    saved = selectionOf(display.optionGroups);
    shown = new Map(saved);
    view = renderConfigurator(root, s, display, {
      onChoose: choose,
      onDone: () => post({ type: 'closeModal' }),
    });
  }

  function choose(groupKey: string, optionKey: string | null): void {
    if (!display || display.isReadOnly || !shown.has(groupKey)) return;
    shown.set(groupKey, optionKey);
    view?.showSelection(shown);
    if (saving) saveAgain = true;
    else track(save());
  }

  async function save(): Promise<void> {
    if (!display) return;
    saving = true;
    view?.showStatus(s.saving);
    const sending = new Map(shown);
    const result = await api.saveOptions(selectedKeys(display.optionGroups, sending));
    if (stopped) return;
    saving = false;
    if (result.ok) {
      saved = sending;
      display.line = result.value;
      view?.showLine(result.value);
      view?.showStatus(s.saved);
      post({ type: 'didSave', lineId });
      if (saveAgain) {
        saveAgain = false;
        if (
          selectedKeys(display.optionGroups, shown).join('\n') !==
          selectedKeys(display.optionGroups, saved).join('\n')
        )
          return save();
      }
    } else {
      // The server kept the last saved selection: show that again.
      saveAgain = false;
      shown = new Map(saved);
      view?.showSelection(shown);
      view?.showStatus('');
      failed(result.failure, s.saveFailedHeading);
    }
    if (refreshAfterSave) {
      refreshAfterSave = false;
      return load();
    }
  }

  function track(work: Promise<void>): void {
    busy = busy.then(() => work);
  }

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== win.parent) return;
    const message = readPageMessage(event.data);
    if (message?.type !== 'refresh') return;
    if (saving) refreshAfterSave = true;
    else track(load());
  };
  win.addEventListener('message', onMessage);

  track(load());
  return {
    async idle() {
      // Work queued while waiting is waited for too.
      for (;;) {
        const current = busy;
        await current;
        if (current === busy) return;
      }
    },
    stop() {
      stopped = true;
      win.removeEventListener('message', onMessage);
    },
  };
}
