// The catalog module's only door: product routes, and the catalog import (CLI, demo seed, tests).
import type { ApiModule } from '../../plugins/api';
import { registerCatalogRoutes } from './catalog.routes';

export { linkAccountToSupplier, type QuotableProduct, quotableProduct } from './catalog.service';
export {
  CatalogImportError,
  type CatalogImportSummary,
  formatImportSummary,
  importCatalog,
} from './catalog-import.service';
export const catalogModule: ApiModule = { name: 'catalog', register: registerCatalogRoutes };
