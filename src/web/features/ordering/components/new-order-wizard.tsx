import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ArrowRight, Info } from 'lucide-react';
import {
  findFirstStepOf,
  findWizardFieldOf,
  NEW_ORDER_STEP_FIELDS,
  NewOrderWizardSchema,
  toCreateOrderPayload,
  toPriceRequest,
  type NewOrderWizardField,
} from '#shared/schemas/new-order-wizard-schemas';
import type { CustomerOrderDetail } from '#shared/schemas/order-schemas';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { buttonClassName } from '../../../ui/button-styles';
import { CUSTOMER_QUERY_KEY } from '../../../lib/query-keys';
import { createOrder, priceQueryOptions } from '../api/ordering-api';
import {
  CARD_FIELDS,
  createNewOrderDefaults,
  createStepValidation,
  estimateWizardPrice,
  readPricedShipment,
  type NewOrderFormValues,
} from '../new-order-form';
import { readOrderDetails, removeOrderDetails } from '../order-details-storage';
import { useWizardPrice, type WizardPrice } from '../use-wizard-price';
import { CargoStep } from './cargo-step';
import { OrderConfirmation } from './order-confirmation';
import { PaymentStep } from './payment-step';
import { FallbackPrice } from './price-summary';
import { ReceiverStep } from './receiver-step';
import { RouteStep } from './route-step';
import { WizardProgress } from './wizard-progress';
import { FormAlert } from '../../../ui/form-alert';

/** docs/product.md, section 4: leaving index 1 prices the order, leaving index 3 creates it. */
const PRICE_STEP = 1;
const ORDER_STEP = 3;
const CONFIRMATION_STEP = 4;
const STEP_TITLES = [
  'ordering.wizard.route.title',
  'ordering.wizard.cargo.title',
  'ordering.wizard.receiver.title',
  'ordering.wizard.payment.title',
  'ordering.wizard.confirmation.title',
] as const;

/** `waitMessage`: the server's own words when it asks the customer to wait (an attempt limit). */
type Failure =
  | { kind: 'price'; estimate: number; waitMessage?: string }
  | { kind: 'order'; waitMessage?: string }
  | null;

function waitMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 429 ? error.message : undefined;
}

function amountOf(price: WizardPrice): number {
  if (price.state === 'ready') return price.result.price;
  return price.state === 'failed' ? price.estimate : 0;
}

/**
 * The five steps of docs/product.md, section 2, one form whose resolver checks the step on screen.
 */
export function NewOrderWizard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The calculator's hand-over is read once and then removed, so a reload starts afresh.
  const [prefill] = useState(readOrderDetails);
  useEffect(removeOrderDetails, []);

  // "Exchange" on a delivered order's page: the new order exchanges it (the server checks it).
  const [searchParams] = useSearchParams();
  const exchangeOf = searchParams.get('exchangeOf');

  const [step, setStep] = useState(0);
  const [validation] = useState(createStepValidation);
  const form = useForm<NewOrderFormValues>({
    resolver: validation.resolver,
    mode: 'onTouched',
    defaultValues: createNewOrderDefaults(prefill),
  });
  const price = useWizardPrice(form.control, step > PRICE_STEP && step <= ORDER_STEP);
  const [busy, setBusy] = useState<'calculating' | 'creating' | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const [createdOrder, setCreatedOrder] = useState<CustomerOrderDetail | null>(null);
  /**
   * The Idempotency-Key of the order being placed, with the payload it was sent for: placing
   * the same order again (its answer was lost) reuses it, so the server places it once; another
   * payload is another order, with a key of its own.
   */
  const placing = useRef<{ key: string; payload: string } | null>(null);

  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    // A new step is announced by moving the focus to its title (not on the first one).
    if (!moved.current) return;
    heading.current?.focus();
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [step]);

  const goTo = (next: number) => {
    moved.current = true;
    validation.showStep(next);
    setStep(next);
  };

  /** After Next found errors, the step's fields behave as touched: they re-check as you type. */
  const touchFields = (fields: readonly NewOrderWizardField[]) => {
    for (const field of fields) {
      form.setValue(field, form.getValues(field), { shouldTouch: true });
    }
  };

  const priceAndContinue = async () => {
    const shipment = readPricedShipment(form.getValues());
    const request = shipment && toPriceRequest(shipment);
    if (!shipment || !request) return;
    setBusy('calculating');
    try {
      await queryClient.fetchQuery(priceQueryOptions(request));
      goTo(PRICE_STEP + 1);
    } catch (error) {
      setFailure({
        kind: 'price',
        estimate: estimateWizardPrice(shipment),
        waitMessage: waitMessageOf(error),
      });
    } finally {
      setBusy(null);
    }
  };

  /** Puts the server's field errors under their fields; returns the fields it could place. */
  const showServerErrors = (error: unknown): NewOrderWizardField[] => {
    if (!(error instanceof ApiError)) return [];
    const fields: NewOrderWizardField[] = [];
    for (const [payloadField, message] of Object.entries(error.errors ?? {})) {
      const field = findWizardFieldOf(payloadField);
      if (!field) continue;
      form.setError(field, { type: 'server', message });
      fields.push(field);
    }
    return fields;
  };

  const placeOrder = async () => {
    const parsed = NewOrderWizardSchema.safeParse(form.getValues());
    if (!parsed.success) {
      goTo(findFirstStepOf(parsed.error.issues.map((issue) => String(issue.path[0]))) ?? 0);
      await form.trigger(undefined, { shouldFocus: true });
      return;
    }
    setBusy('creating');
    try {
      const payload = {
        ...toCreateOrderPayload(parsed.data, amountOf(price)),
        // Sent only when asked for, so an ordinary order's payload stays the product's own.
        ...(form.getValues('allowOpen') && { allow_open: true }),
        ...(exchangeOf && { exchange_of: exchangeOf }),
      };
      const sent = JSON.stringify(payload);
      if (placing.current?.payload !== sent) {
        placing.current = { key: newIdempotencyKey(), payload: sent };
      }
      const { order } = await createOrder(payload, placing.current.key);
      // The customer's lists and counts are out of date now.
      void queryClient.invalidateQueries({ queryKey: CUSTOMER_QUERY_KEY });
      // The card was only ever checked on screen; it leaves the page's memory too.
      for (const field of CARD_FIELDS) form.setValue(field, '');
      setCreatedOrder(order);
      goTo(CONFIRMATION_STEP);
    } catch (error) {
      setFailure({ kind: 'order', waitMessage: waitMessageOf(error) });
      const firstStep = findFirstStepOf(showServerErrors(error));
      if (firstStep !== undefined && firstStep !== step) goTo(firstStep);
    } finally {
      setBusy(null);
    }
  };

  const next = async () => {
    setFailure(null);
    const valid = await form.trigger(undefined, { shouldFocus: true });
    if (!valid) {
      touchFields(NEW_ORDER_STEP_FIELDS[step]!);
      return;
    }
    if (step === PRICE_STEP) await priceAndContinue();
    else if (step === ORDER_STEP) await placeOrder();
    else goTo(step + 1);
  };

  const back = () => {
    setFailure(null);
    goTo(step - 1);
  };

  const nextLabel =
    busy === 'calculating'
      ? t('ordering.wizard.calculating')
      : busy === 'creating'
        ? t('ordering.wizard.creating')
        : t('ordering.wizard.next');

  return (
    <div>
      <WizardProgress step={step} />
      <section
        aria-labelledby="wizard-step-title"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2
          id="wizard-step-title"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900 focus:outline-none"
        >
          {t(STEP_TITLES[step]!)}
        </h2>
        {step === CONFIRMATION_STEP && createdOrder ? (
          <div className="mt-4">
            <OrderConfirmation order={createdOrder} />
          </div>
        ) : (
          <FormProvider {...form}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (busy === null) void next();
              }}
              className="mt-6"
            >
              {step === 0 && prefill && (
                <p className="mb-6 flex gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-100">
                  <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {t('ordering.wizard.fromCalculator')}
                </p>
              )}
              {step === 0 && <RouteStep />}
              {step === 1 && <CargoStep />}
              {step === 2 && <ReceiverStep price={price} exchangeOf={exchangeOf} />}
              {step === 3 && <PaymentStep price={price} />}

              {failure && (
                <div className="mt-6 space-y-3">
                  <FormAlert>
                    {failure.waitMessage ??
                      (failure.kind === 'price'
                        ? t('ordering.wizard.calculateFailed')
                        : t('ordering.wizard.createFailed'))}
                  </FormAlert>
                  {failure.kind === 'price' && <FallbackPrice estimate={failure.estimate} />}
                </div>
              )}

              <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => void navigate('/dashboard')}
                  className={buttonClassName('ghost')}
                >
                  {t('ordering.wizard.cancel')}
                </button>
                <div className="flex flex-col-reverse gap-3 sm:flex-row">
                  {step > 0 && (
                    <button
                      type="button"
                      disabled={busy !== null}
                      onClick={back}
                      className={buttonClassName('secondary')}
                    >
                      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                      {t('ordering.wizard.back')}
                    </button>
                  )}
                  <button
                    type="submit"
                    disabled={busy !== null}
                    aria-busy={busy !== null || undefined}
                    className={buttonClassName('primary')}
                  >
                    {nextLabel}
                    {!busy && <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
                  </button>
                </div>
              </div>
            </form>
          </FormProvider>
        )}
      </section>
    </div>
  );
}
