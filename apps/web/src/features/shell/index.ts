// The shell's public door: the routes every page hangs from, the sales guard, the pending page.
export { PagePending } from './components/root-layout';
export { type RouterContext, requireSales, rootRoute, signedInRoute } from './routes';
