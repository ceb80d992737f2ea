import '../ordering-strings';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Calculator, PackagePlus } from 'lucide-react';
import { estimateStraightLinePrice } from '#shared/price-estimate';
import {
  CALCULATOR_DEFAULTS,
  DEFAULT_PRICE_DISPLAY,
  DistanceCalculatorSchema,
  MIN_CALCULATOR_WEIGHT_KG,
  type DistanceCalculator,
} from '#shared/schemas/calculator-schemas';
import { toPriceRequest } from '#shared/schemas/new-order-wizard-schemas';
import type { PriceResult } from '#shared/schemas/order-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { quotePrice } from '../api/ordering-api';
import { CityField } from '../components/city-picker';
import { OrderingShell } from '../components/ordering-shell';
import { SummaryRow } from '../components/price-summary';
import { storeOrderDetails } from '../order-details-storage';
import { FormAlert } from '../../../ui/form-alert';
import { WideSubmitButton } from '../../../ui/busy-submit-button';
import { TextField } from '../../../ui/form-field';
import { registeredField } from '../../../ui/use-checked-form';

interface Calculation {
  input: DistanceCalculator;
  result: PriceResult;
  /** The price call failed and the result is the straight-line estimate. */
  estimated: boolean;
}

const SIZES = ['length', 'width', 'height'] as const;

/** The calculator's fields as an order names them: what is priced, then carried to the wizard. */
function routeAndCargoOf(input: DistanceCalculator) {
  const { pickupCity, deliveryCity, weight, length, width, height } = input;
  return {
    pickupLocation: pickupCity,
    deliveryLocation: deliveryCity,
    weight,
    length,
    width,
    height,
  };
}

/** /calculate-distance (docs/product.md, section 2, "Distance and price calculator"). */
export function CalculateDistancePage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const navigate = useNavigate();
  const [calculation, setCalculation] = useState<Calculation | null>(null);
  const form = useForm({
    resolver: zodResolver(DistanceCalculatorSchema),
    mode: 'onTouched',
    defaultValues: {
      pickupCity: '',
      deliveryCity: '',
      weight: String(CALCULATOR_DEFAULTS.weight),
      length: String(CALCULATOR_DEFAULTS.length),
      width: String(CALCULATOR_DEFAULTS.width),
      height: String(CALCULATOR_DEFAULTS.height),
    },
  });
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (input) => {
    const request = toPriceRequest({ ...routeAndCargoOf(input), priority: 'normal' });
    // The schema only lets listed cities through, so there is always a request.
    if (!request) return;
    try {
      setCalculation({ input, result: await quotePrice(request), estimated: false });
    } catch {
      setCalculation({
        input,
        result: estimateStraightLinePrice(request),
        estimated: true,
      });
    }
  });

  const createDeliveryOrder = () => {
    if (!calculation) return;
    const { input, result } = calculation;
    storeOrderDetails({
      ...routeAndCargoOf(input),
      price: result.price,
      distance: result.distance,
      distanceText: result.distanceText,
      duration: result.duration,
    });
    void navigate('/new-order');
  };

  const numberInput = { type: 'number', inputMode: 'decimal', step: 0.01 } as const;
  const cityField = (name: 'pickupCity' | 'deliveryCity') => (
    <CityField name={name} control={control} label={t(`ordering.calculator.${name}`)} />
  );

  return (
    <OrderingShell title={t('ordering.calculator.title')} lead={t('ordering.calculator.lead')}>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <form
          noValidate
          onSubmit={onSubmit}
          className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {cityField('pickupCity')}
            {cityField('deliveryCity')}
          </div>
          <TextField
            label={t('ordering.calculator.weight')}
            {...numberInput}
            min={MIN_CALCULATOR_WEIGHT_KG}
            {...registeredField(form, 'weight')}
          />
          <fieldset>
            <legend className="mb-3 text-base font-semibold text-slate-900">
              {t('ordering.calculator.sizes')}
            </legend>
            <div className="grid gap-4 sm:grid-cols-3">
              {SIZES.map((size) => (
                <TextField
                  key={size}
                  label={t(`ordering.calculator.${size}`)}
                  {...numberInput}
                  min={0}
                  {...registeredField(form, size)}
                />
              ))}
            </div>
          </fieldset>
          <WideSubmitButton
            busy={isSubmitting}
            label={t('ordering.calculator.calculate')}
            busyLabel={t('ordering.calculator.calculating')}
          />
        </form>

        <section
          aria-labelledby="calculator-result-title"
          aria-live="polite"
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2
            id="calculator-result-title"
            className="flex items-center gap-2 font-semibold text-slate-900"
          >
            <Calculator aria-hidden="true" className="size-5 text-brand-800" />
            {t('ordering.calculator.resultTitle')}
          </h2>
          {calculation?.estimated && (
            <div className="mt-4">
              <FormAlert>{t('ordering.calculator.failed')}</FormAlert>
            </div>
          )}
          <p
            data-testid="calculator-price"
            className="mt-4 text-3xl font-bold text-brand-900 tabular-nums"
          >
            {format.dh(calculation ? calculation.result.price : DEFAULT_PRICE_DISPLAY)}
          </p>
          {calculation ? (
            <>
              <p className="mt-1 text-sm text-slate-600">
                {t('ordering.calculator.resultFor', {
                  from: format.city(calculation.input.pickupCity),
                  to: format.city(calculation.input.deliveryCity),
                  weight: format.kg(calculation.input.weight),
                })}
              </p>
              {calculation.estimated && (
                <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                  <span className="font-semibold">{t('ordering.calculator.estimate')}.</span>{' '}
                  {t('ordering.calculator.estimateNote')}
                </p>
              )}
              <dl className="mt-3 divide-y divide-slate-200 border-t border-slate-200">
                <SummaryRow label={t('ordering.calculator.distance')}>
                  {format.km(calculation.result.distance)}
                </SummaryRow>
                <SummaryRow label={t('ordering.calculator.duration')}>
                  {format.duration(calculation.result.durationMinutes)}
                </SummaryRow>
                <SummaryRow label={t('ordering.calculator.vehicle')}>
                  {t(`ordering.vehicles.${calculation.result.vehicle}`, {
                    defaultValue: calculation.result.vehicle,
                  })}
                </SummaryRow>
              </dl>
              <button
                type="button"
                onClick={createDeliveryOrder}
                className={`${buttonClassName('accent')} mt-5 w-full`}
              >
                <PackagePlus aria-hidden="true" className="size-4" />
                {t('ordering.calculator.createOrder')}
              </button>
            </>
          ) : (
            <p className="mt-1 text-sm text-slate-600">{t('ordering.calculator.defaultNote')}</p>
          )}
        </section>
      </div>
    </OrderingShell>
  );
}
