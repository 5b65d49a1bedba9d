import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createIcon } from './create-icon';
import { IconX } from './index';

describe('createIcon', () => {
  it('draws Tabler’s outline markup: 24-unit grid, round caps, the class names, stroke 2 in the current colour', () => {
    const { container } = render(<IconX />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('class')).toBe('tabler-icon tabler-icon-x');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('width')).toBe('24');
    expect(svg.getAttribute('fill')).toBe('none');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.getAttribute('stroke-width')).toBe('2');
    expect(svg.getAttribute('stroke-linecap')).toBe('round');
    expect(svg.getAttribute('stroke-linejoin')).toBe('round');
    expect([...svg.querySelectorAll('path')].map((p) => p.getAttribute('d'))).toEqual([
      'M18 6l-12 12',
      'M6 6l12 12',
    ]);
  });

  it('takes size, stroke, colour, a title and any SVG attribute, which wins over the defaults', () => {
    const Icon = createIcon('two-lines', 'IconTwoLines', [
      ['line', { x1: '0', y1: '0', x2: '24', y2: '24' }],
      ['circle', { cx: '12', cy: '12', r: '3' }],
    ]);
    const { container } = render(
      <Icon size={16} stroke={1.5} color="red" title="Close" className="extra" aria-hidden fill="blue" />,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('class')).toBe('tabler-icon tabler-icon-two-lines extra');
    expect(svg.getAttribute('width')).toBe('16');
    expect(svg.getAttribute('height')).toBe('16');
    expect(svg.getAttribute('stroke')).toBe('red');
    expect(svg.getAttribute('stroke-width')).toBe('1.5');
    expect(svg.getAttribute('fill')).toBe('blue');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.querySelector('title')?.textContent).toBe('Close');
    expect([...svg.children].map((c) => c.tagName)).toEqual(['title', 'line', 'circle']);
    expect(Icon.displayName).toBe('IconTwoLines');
  });
});
