/**
 * The frame's views, drawn with the DOM (no framework: the frame's whole budget is 60 KB gzip).
 * The configurator is built once per load; a save updates the summary, the errors and the
 * checked choices in place, so the keyboard focus stays where it is.
 */
import type { FrameLine, FrameOption, FrameOptionGroup, OptionsDisplay } from './display';
import { formatFabricSize, formatMoney, swatchColour } from './format';
import { type FrameStrings, lineErrorText } from './strings';

type Child = Node | string | null | undefined | false;

/** An element with attributes (`class` included; true → present, false/undefined → left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
  return el;
}

/** The selected option of each group (by group key); null for none. */
export type Selection = Map<string, string | null>;

export function selectionOf(groups: readonly FrameOptionGroup[]): Selection {
  return new Map(groups.map((g) => [g.key, g.options.find((o) => o.selected)?.key ?? null]));
}

/** The selected keys in group order, as the save sends them. */
export function selectedKeys(groups: readonly FrameOptionGroup[], selection: Selection): string[] {
  return groups.map((g) => selection.get(g.key)).filter((k): k is string => typeof k === 'string');
}

function page(s: FrameStrings, ...children: Child[]): HTMLElement {
  return h('main', { class: 'of' }, h('h1', { class: 'of-title' }, s.title), ...children);
}

/** A full-frame message (loading, an error, an untrusted parent), with an optional retry button. */
export function renderMessage(
  root: HTMLElement,
  s: FrameStrings,
  text: string,
  options: { alert?: boolean; retry?: () => void } = {},
): void {
  const retry = options.retry;
  const button = retry ? h('button', { type: 'button', class: 'of-button' }, s.retry) : null;
  button?.addEventListener('click', () => retry?.());
  root.replaceChildren(
    page(
      s,
      h(
        'p',
        {
          class: options.alert ? 'of-message of-message-alert' : 'of-message',
          role: options.alert ? 'alert' : 'status',
        },
        text,
      ),
      button,
    ),
  );
}

export type ConfiguratorHandlers = {
  onChoose(groupKey: string, optionKey: string | null): void;
  onDone(): void;
};

export type ConfiguratorView = {
  showLine(line: FrameLine): void;
  showSelection(selection: Selection): void;
  showStatus(text: string): void;
};

function optionMeta(option: FrameOption, display: OptionsDisplay, s: FrameStrings): string | undefined {
  const f = option.fabric;
  if (!f) return undefined;
  return [
    f.brand,
    f.colour,
    `${s.fabricWidth} ${formatFabricSize(f.width, display.unit)}`,
    `${s.fabricRepeat} ${formatFabricSize(f.repeat, display.unit)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The configurator: product, size and price summary, the line's errors, one fieldset per option group. */
export function renderConfigurator(
  root: HTMLElement,
  s: FrameStrings,
  display: OptionsDisplay,
  handlers: ConfiguratorHandlers,
): ConfiguratorView {
  const disabled = display.isReadOnly;
  const names = new Map<string, string>();
  for (const g of display.optionGroups) for (const o of g.options) names.set(o.key, o.name);

  const heading = h('h1', { class: 'of-title', id: 'of-product' });
  const subtitle = h('p', { class: 'of-subtitle' });
  const summary = h('dl', { class: 'of-summary' });
  const prices = h('dl', { class: 'of-summary of-prices' });
  // Live: a save's new price and errors are read out.
  const live = h('div', { class: 'of-live', 'aria-live': 'polite' }, prices);
  const errors = h('div', { class: 'of-errors-slot', 'aria-live': 'polite' });
  const status = h('p', { class: 'of-status', role: 'status' });

  const radios: HTMLInputElement[] = [];
  const warnings = new Map<string, HTMLElement>();

  const groups = display.optionGroups.map((group, gi) => {
    const name = `of-group-${gi}`;
    const choice = (option: FrameOption | null, oi: number) => {
      const id = `${name}-${oi}`;
      const input = h('input', {
        type: 'radio',
        class: 'of-radio',
        name,
        id,
        value: option?.key ?? '',
        disabled,
        'data-group': group.key,
      });
      radios.push(input);
      const meta = option ? optionMeta(option, display, s) : undefined;
      const warning = h('span', { class: 'of-warning', hidden: true });
      if (option) warnings.set(option.key, warning);
      const swatch = option?.fabric ? h('span', { class: 'of-swatch', 'aria-hidden': 'true' }) : null;
      if (swatch && option?.fabric) swatch.style.backgroundColor = swatchColour(option.fabric.colour);
      return h(
        'label',
        { class: 'of-choice', for: id },
        input,
        swatch,
        h(
          'span',
          { class: 'of-choice-text' },
          h('span', { class: 'of-choice-name' }, option ? option.name : s.none),
          meta ? h('span', { class: 'of-choice-meta' }, meta) : null,
          warning,
        ),
        option ? h('span', { class: 'of-choice-price' }, formatMoney(option.price)) : null,
      );
    };
    const choices = group.options.map((o, oi) => choice(o, oi));
    // An optional group can be left empty again.
    if (!group.required) choices.unshift(choice(null, group.options.length));
    return h(
      'fieldset',
      { class: 'of-group' },
      h(
        'legend',
        { class: 'of-legend' },
        group.name,
        ' ',
        h(
          'span',
          { class: group.required ? 'of-tag of-tag-required' : 'of-tag' },
          group.required ? s.required : s.optional,
        ),
      ),
      h('div', { class: 'of-choices' }, ...choices),
    );
  });

  const form = h(
    'form',
    { class: 'of-form', 'aria-labelledby': 'of-product', novalidate: true },
    ...(groups.length ? groups : [h('p', { class: 'of-message' }, s.noGroups)]),
  );
  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('change', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'radio' || !input.checked) return;
    handlers.onChoose(input.dataset.group ?? '', input.value === '' ? null : input.value);
  });

  const done = h('button', { type: 'button', class: 'of-button of-button-primary' }, s.done);
  done.addEventListener('click', () => handlers.onDone());

  root.replaceChildren(
    h(
      'main',
      { class: 'of' },
      h('header', { class: 'of-head' }, heading, subtitle),
      summary,
      live,
      errors,
      disabled ? h('p', { class: 'of-readonly' }, s.readOnly) : null,
      form,
      h('footer', { class: 'of-foot' }, status, done),
    ),
  );

  const row = (term: string, value: string) => [h('dt', {}, term), h('dd', {}, value)];

  const view: ConfiguratorView = {
    showLine(line) {
      const product = line.context.product;
      heading.textContent = product.name;
      subtitle.textContent = [product.brandName, product.categoryName].filter(Boolean).join(' · ');
      document.title = `${product.name} · ${s.title}`;
      const c = line.context.configuration;
      summary.replaceChildren(
        ...row(s.quantity, String(line.quantity)),
        ...(product.hasWidth ? row(s.width, c.width ?? '—') : []),
        ...(product.hasHeight ? row(s.height, c.height ?? '—') : []),
      );
      prices.replaceChildren(
        ...row(s.cost, line.costPrice === null ? s.noPrice : formatMoney(line.costPrice)),
        ...row(s.sell, line.sellPrice === null ? s.noPrice : formatMoney(line.sellPrice)),
      );
      const list = line.context.errors;
      errors.replaceChildren(
        ...(list.length
          ? [
              h(
                'section',
                { class: 'of-errors', 'aria-labelledby': 'of-errors-title' },
                h('h2', { class: 'of-errors-title', id: 'of-errors-title' }, s.problems),
                h('ul', {}, ...list.map((e) => h('li', { 'data-code': e.code }, lineErrorText(e)))),
              ),
            ]
          : []),
      );
    },

    showSelection(selection) {
      for (const radio of radios) {
        const wanted = selection.get(radio.dataset.group ?? '') ?? null;
        radio.checked = (radio.value === '' ? null : radio.value) === wanted;
      }
      const chosen = new Set([...selection.values()].filter((k): k is string => k !== null));
      for (const [key, warning] of warnings) {
        const conflicts = display.incompatibleOptions
          .filter(([a, b]) => a === key || b === key)
          .map(([a, b]) => (a === key ? b : a))
          .filter((other) => other !== key && chosen.has(other));
        warning.hidden = conflicts.length === 0;
        warning.textContent = conflicts.length
          ? s.notWith(conflicts.map((k) => names.get(k) ?? k).join(', '))
          : '';
      }
    },

    showStatus(text) {
      status.textContent = text;
    },
  };
  view.showLine(display.line);
  view.showSelection(selectionOf(display.optionGroups));
  return view;
}
