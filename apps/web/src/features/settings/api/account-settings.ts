import {
  type AccountSettings,
  type DealerSettings,
  getAccountSettings,
  getDealerSettings,
  getProviders,
  type MeResponse,
  type SaveDealerSettingsRequest,
  type SaveMainCompanyRequest,
  saveDealerSettings,
  saveMainCompany,
  saveManufacturerCustomerSettings,
  uploadCompanyLogo,
} from '@slat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { uploadFile } from '../../../lib/api/upload';
import { sessionQueryKey } from '../../../lib/session/session-query';

export const accountSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'account'],
  queryFn: ({ signal }) => callApi(getAccountSettings, {}, { signal }),
});

export const dealerSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'dealer-portal'],
  queryFn: ({ signal }) => callApi(getDealerSettings, {}, { signal }),
});

export const providersQueryOptions = queryOptions({
  queryKey: ['settings', 'providers'],
  queryFn: ({ signal }) => callApi(getProviders, {}, { signal }),
  staleTime: 5 * 60_000,
});

/** Saves the company; the shell's missing-address warning follows the saved address. */
export function useSaveMainCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveMainCompanyRequest) => callApi(saveMainCompany, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: ({ main_company }) => {
      queryClient.setQueryData<AccountSettings>(accountSettingsQueryOptions.queryKey, (old) =>
        old ? { ...old, main_company } : old,
      );
      queryClient.setQueryData<MeResponse>(sessionQueryKey, (old) =>
        old
          ? { ...old, company: { ...old.company, name: main_company.name, address: main_company.address } }
          : old,
      );
    },
  });
}

export function useSaveDealerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDealerSettingsRequest) => callApi(saveDealerSettings, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: (saved) => queryClient.setQueryData(dealerSettingsQueryOptions.queryKey, saved),
  });
}

export function useUploadCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile(uploadCompanyLogo, file),
    meta: { errorHandling: 'local' },
    onSuccess: (saved: DealerSettings) =>
      queryClient.setQueryData(dealerSettingsQueryOptions.queryKey, saved),
  });
}

export function useSaveSupplierShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (input: { manufacturerId: number; shippingMethodId: number | null }) =>
      callApi(saveManufacturerCustomerSettings, {
        params: { manufacturerId: input.manufacturerId },
        body: { default_shipping_method_id: input.shippingMethodId },
      }),
    onSuccess: ({ manufacturer }) =>
      queryClient.setQueryData<AccountSettings>(accountSettingsQueryOptions.queryKey, (old) =>
        old
          ? {
              ...old,
              manufacturers: old.manufacturers.map((m) => (m.id === manufacturer.id ? manufacturer : m)),
            }
          : old,
      ),
  });
}
