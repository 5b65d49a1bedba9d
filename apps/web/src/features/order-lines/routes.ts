// What the owners' routes.ts need of the shared product screen: its URL parameters (small, they load with the app).
export { productScreenSearchSchema } from './product-search';
