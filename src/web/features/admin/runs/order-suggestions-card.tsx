import '../../../i18n/runs-strings';
import { useState } from 'react';
import type { AdminOrderDetail } from '#shared/schemas/admin-schemas';
import { Card } from '../../../ui/card';
import { ConfirmOrderDialog } from '../components/confirm-order-dialog';
import { DispatchSuggestions } from './dispatch-suggestions';

/**
 * The admin order page's "Suggested" (issue 27, item 3): for a pending order, the best three
 * truck-driver pairs; choosing one opens the Confirmation with that pair picked.
 */
export function OrderSuggestionsCard({ order }: { order: AdminOrderDetail }) {
  const [pickedTruckId, setPickedTruckId] = useState<string | null>(null);
  const pending = order.status === 'PENDING';
  return (
    <>
      {pending && (
        <Card>
          <DispatchSuggestions
            orderId={order.id}
            pickedTruckId={pickedTruckId}
            onPick={(suggestion) => setPickedTruckId(suggestion.truckId)}
          />
        </Card>
      )}
      {/* Kept while the confirmed order refreshes to "on the road", so its toast is told. */}
      {pickedTruckId && (
        <ConfirmOrderDialog
          order={order}
          initialTruckId={pickedTruckId}
          onClose={() => setPickedTruckId(null)}
        />
      )}
    </>
  );
}
