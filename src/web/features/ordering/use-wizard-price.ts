import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useWatch, type Control } from 'react-hook-form';
import { toPriceRequest } from '#shared/schemas/new-order-wizard-schemas';
import type { PriceResult } from '#shared/schemas/order-schemas';
import { priceQueryOptions } from './api/ordering-api';
import { estimateWizardPrice, readPricedShipment, type NewOrderFormValues } from './new-order-form';

export type WizardPrice =
  | { state: 'loading' }
  | { state: 'ready'; result: PriceResult; updating: boolean }
  | { state: 'failed'; estimate: number; retry(): void };

/**
 * The server's price for the order on screen, asked again whenever the cities, sizes, weight or
 * priority change (docs/product.md, decision 14); the cargo-type estimate when the call fails.
 * Leaving step 2 has already asked for the first price, so steps 3 and 4 open on it.
 */
export function useWizardPrice(
  control: Control<NewOrderFormValues>,
  enabled: boolean,
): WizardPrice {
  const shipment = readPricedShipment(useWatch({ control }));
  const request = enabled && shipment ? toPriceRequest(shipment) : undefined;
  const query = useQuery({ ...priceQueryOptions(request), placeholderData: keepPreviousData });

  if (query.isError && shipment) {
    return {
      state: 'failed',
      estimate: estimateWizardPrice(shipment),
      retry: () => void query.refetch(),
    };
  }
  if (query.data) return { state: 'ready', result: query.data, updating: query.isPlaceholderData };
  return { state: 'loading' };
}
