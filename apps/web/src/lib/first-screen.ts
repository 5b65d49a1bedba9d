import { DESKTOP_VIEWPORT, type FirstScreenBlock } from '@slat/contracts';

/**
 * The viewport a page's first render lays out for. A page the server rendered (decision 039) was
 * rendered for a guess from its request (a phone's screen or a desktop's), and the browser's first
 * render must repeat that render exactly to take over its HTML; effects then measure the real
 * window. A page the browser renders alone starts from the real window.
 */
export type FirstViewport = FirstScreenBlock['viewport'];

let first: FirstViewport = DESKTOP_VIEWPORT;

/** Set before a first render: by the server for each render, by the browser as its page starts. */
export function setFirstViewport(viewport: FirstViewport): void {
  first = viewport;
}

export function firstViewport(): FirstViewport {
  return first;
}

let serverOrigin = 'http://localhost';

/** The origin the server renders links for (the request's), where a browser has its window's. */
export function setServerOrigin(origin: string): void {
  serverOrigin = origin;
}

/** This page's origin: the window's, or while the server renders, the request's. */
export function pageOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin;
}
