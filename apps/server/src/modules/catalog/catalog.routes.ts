import { getProductDetail, listProductTree, listTopSellingProducts } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import { productDetail, productTree, topSellingProductIds } from './catalog.service';

export function registerCatalogRoutes(app: FastifyInstance, services: Services): void {
  route(app, listProductTree, async ({ session }) => productTree(services.db, session().accountId));
  route(app, listTopSellingProducts, async ({ session }) =>
    topSellingProductIds(services.db, session().accountId),
  );
  route(app, getProductDetail, async ({ params, session }) =>
    productDetail(services.db, session().accountId, params.id),
  );
}
