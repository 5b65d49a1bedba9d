import { type ComponentPropsWithoutRef, createElement, forwardRef } from 'react';

/** An outline icon's elements on its 24 × 24 grid: tag and attributes (React's spelling). */
export type IconNode = readonly (readonly [tag: string, attributes: Readonly<Record<string, string>>])[];

/** Tabler's React props: `size` in px, `stroke` the line width, `color` the stroke colour. */
export type IconProps = Omit<ComponentPropsWithoutRef<'svg'>, 'stroke'> & {
  size?: string | number;
  stroke?: string | number;
  title?: string;
};

/**
 * An SVG icon component as @tabler/icons-react makes one, the same markup and classes
 * (`tabler-icon tabler-icon-<name>`), for the icons in `tabler-icons.gen.ts`.
 */
export function createIcon(name: string, displayName: string, nodes: IconNode) {
  const Icon = forwardRef<SVGSVGElement, IconProps>(
    ({ color = 'currentColor', size = 24, stroke = 2, title, className, children, ...rest }, ref) =>
      createElement(
        'svg',
        {
          ref,
          xmlns: 'http://www.w3.org/2000/svg',
          width: size,
          height: size,
          viewBox: '0 0 24 24',
          fill: 'none',
          stroke: color,
          strokeWidth: stroke,
          strokeLinecap: 'round',
          strokeLinejoin: 'round',
          className: ['tabler-icon', `tabler-icon-${name}`, className].filter(Boolean).join(' '),
          ...rest,
        },
        title ? createElement('title', null, title) : null,
        ...nodes.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes })),
        children,
      ),
  );
  Icon.displayName = displayName;
  return Icon;
}
