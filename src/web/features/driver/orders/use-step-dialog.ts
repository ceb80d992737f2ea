import { useState } from 'react';
import type { DriverOrder } from '#shared/schemas/driver-schemas';
import { ApiError } from '../../../lib/api-client';
import type { StepDraft, StepQueue } from '../offline/use-step-queue';

type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The first message of each field among a schema's issues. */
export function firstIssuePerField<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors<Field> {
  const found: FieldErrors<Field> = {};
  for (const issue of issues) found[issue.path[0] as Field] ??= issue.message;
  return found;
}

/** What the order card gives a step dialog: the order, the queue steps go through, and the way out. */
export interface StepDialogProps {
  order: DriverOrder;
  queue: StepQueue;
  onClose(): void;
}

/**
 * The state of a driver's step dialog (deliver, delivery failed): its field errors, the server's
 * refusal in its own words, and `send`, which hands the step to the queue and closes the dialog,
 * or shows the refusal and its field errors (`fields`) in the dialog.
 */
export function useStepDialog<Field extends string>(
  { order, queue, onClose }: StepDialogProps,
  fields: readonly Field[],
) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (step: StepDraft['step'], body: StepDraft['body']) => {
    setBusy(true);
    try {
      await queue.submit({ orderId: order.id, trackingNumber: order.trackingNumber, step, body });
      onClose();
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) throw error;
      setRefusal(error.message);
      setErrors(
        Object.fromEntries(
          fields.map((field) => [field, error.errors?.[field]]),
        ) as FieldErrors<Field>,
      );
    }
  };

  return { errors, setErrors, refusal, setRefusal, busy, send };
}
