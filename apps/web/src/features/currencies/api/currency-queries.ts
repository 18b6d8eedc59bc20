import { type CurrencyCode, currencyRoutes, type FxRate, type Tenant, tenantRoutes } from '@plansmith/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { budgetKeys, expenseKeys, identityKeys } from '../../../shared/api/query-keys.ts';

export const currencyKeys = {
  all: ['currencies'] as const,
  rates: (year: number) => ['currencies', 'rates', year] as const,
};

/** The tenant's rates of one year, with the base currency and the currencies and months in use (DESIGN.md §17). */
export const useRates = (year: number) =>
  useQuery({
    queryKey: currencyKeys.rates(year),
    queryFn: () => callApi(currencyRoutes.getRates, { Year: year }),
    placeholderData: keepPreviousData,
  });

/** After rates change, every base amount converted at them may have changed too. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: currencyKeys.all });
    void queryClient.invalidateQueries({ queryKey: budgetKeys.all });
    void queryClient.invalidateQueries({ queryKey: expenseKeys.all });
  };
};

export const useSaveRates = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (rates: FxRate[]) => callApi(currencyRoutes.saveRates, { Rates: rates }), onSuccess: refresh });
};

export const useImportRates = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { FileName: string; ContentBase64: string; DryRun: boolean }) => callApi(currencyRoutes.importRates, input),
    onSuccess: (result, input) => {
      if (!input.DryRun && result.Saved > 0) refresh();
    },
  });
};

/** Changes the tenant's base currency (only while it has no budget item: the server answers 409 otherwise). */
export const useSaveBaseCurrency = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tenant: Tenant; baseCurrency: CurrencyCode }) =>
      callApi(tenantRoutes.saveTenant, { Name: input.tenant.Name, BaseCurrency: input.baseCurrency }),
    onSuccess: (tenant) => {
      queryClient.setQueryData(identityKeys.tenant(), tenant);
      void queryClient.invalidateQueries({ queryKey: currencyKeys.all });
    },
  });
};
