import '../strings';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { storage } from '../../../lib/storage';
import { parseOrdersListParams, readRememberedFilters } from '../components/list/list-logic';
import { NewOrderModal } from '../components/list/new-order-modal';

const newOrderApi = getRouteApi('/signed-in/orders/new');

/** /orders/new: the 'New order' modal over the list; closing returns to the list as it was. */
export function NewOrderPage() {
  const search = newOrderApi.useSearch();
  const navigate = useNavigate();
  const [remembered] = useState(() => readRememberedFilters(storage));
  // the supplier the list is filtered by (or the remembered one) is the first offered
  const params = parseOrdersListParams(search, remembered);
  return (
    <NewOrderModal
      preferredSupplier={params.manufacturer}
      onClose={() => void navigate({ to: '/orders', search })}
      onCreated={(orderId) => void navigate({ to: '/orders/$orderId', params: { orderId: String(orderId) } })}
    />
  );
}
