import '../ordering-strings';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Calculator } from 'lucide-react';
import { cities, cityNamesSortedFor, findCity } from '#shared/cities';
import {
  calculateDirectPrice,
  MINIMUM_PRICE,
  PRICE_PER_KM,
  straightLineDistanceKm,
  VEHICLE_TYPES,
  VEHICLES,
  VehicleWeightLimitError,
  type DirectPriceBreakdown,
  type VehicleType,
} from '#shared/pricing';
import { DirectCalculatorSchema } from '#shared/schemas/calculator-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { Container } from '../../../ui/container';
import { inputClassName, labelClassName } from '../../../ui/input-styles';
import { TitledPageHero } from '../../../ui/page-hero';
import { SummaryRow } from '../components/price-summary';
import { SelectField, TextField } from '../../../ui/form-field';
import { registeredField } from '../../../ui/use-checked-form';

interface Breakdown extends DirectPriceBreakdown {
  distanceKm: number;
  vehicle: VehicleType;
}

const ENDS = [
  { end: 'origin', lat: 'originLat', lng: 'originLng' },
  { end: 'destination', lat: 'destinationLat', lng: 'destinationLng' },
] as const;

const pointOf = (city: string) => {
  const found = findCity(city)!;
  return { lat: String(found.lat), lng: String(found.lng) };
};

/**
 * /test-direct-calculator (docs/product.md, section 2): the calculator rule of docs/product.md,
 * section 9 between two points, every factor shown, worked out in the browser with the
 * per-vehicle weight limits (docs/product.md, decision 17). The distance is the straight-line
 * estimate, as no maps service is called.
 */
export function TestDirectCalculatorPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [breakdown, setBreakdown] = useState<Breakdown | null>(null);
  const origin = pointOf('Agadir');
  const destination = pointOf('Casablanca');
  const form = useForm({
    resolver: zodResolver(DirectCalculatorSchema),
    mode: 'onTouched',
    defaultValues: {
      originLat: origin.lat,
      originLng: origin.lng,
      destinationLat: destination.lat,
      destinationLng: destination.lng,
      weight: '10',
      vehicle: 'car',
      express: false,
    },
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    formState: { errors },
  } = form;
  const field = (name: Parameters<typeof register>[0]) => registeredField(form, name);
  const coordinates = useWatch({
    control,
    name: ['originLat', 'originLng', 'destinationLat', 'destinationLng'],
  });

  /** The quick pick shows the city whose coordinates are in the boxes, if any. */
  const cityAt = (lat: unknown, lng: unknown) =>
    cities.find((city) => String(city.lat) === lat && String(city.lng) === lng)?.city ?? '';

  const onSubmit = handleSubmit((input) => {
    const distanceKm = straightLineDistanceKm(
      { lat: input.originLat, lng: input.originLng },
      { lat: input.destinationLat, lng: input.destinationLng },
    );
    try {
      setBreakdown({
        ...calculateDirectPrice({
          distanceKm,
          weightKg: input.weight,
          vehicle: input.vehicle,
          express: input.express,
        }),
        distanceKm,
        vehicle: input.vehicle,
      });
    } catch (error) {
      if (!(error instanceof VehicleWeightLimitError)) throw error;
      setBreakdown(null);
      setError(
        'weight',
        {
          type: 'vehicleLimit',
          message: t('ordering.direct.vehicleLimit', {
            vehicle: t(`ordering.direct.vehicleNouns.${error.vehicle}`),
            max: format.number(error.maxWeightKg, 0, 0),
          }),
        },
        { shouldFocus: true },
      );
    }
  });

  const factor = (value: number) =>
    t('ordering.direct.factor', { factor: format.number(value, 0, 2) });

  return (
    <>
      <TitledPageHero words="ordering.direct" />
      <Container className="py-12">
        <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
          <form
            noValidate
            onSubmit={onSubmit}
            className="space-y-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            {ENDS.map(({ end, lat, lng }, index) => (
              <fieldset key={end} className="space-y-4">
                <legend className="mb-3 text-base font-semibold text-slate-900">
                  {t(`ordering.direct.${end}`)}
                </legend>
                <div>
                  <label htmlFor={`${end}-quick-pick`} className={labelClassName}>
                    {t('ordering.direct.quickPick')}
                  </label>
                  <select
                    id={`${end}-quick-pick`}
                    value={cityAt(coordinates[index * 2], coordinates[index * 2 + 1])}
                    onChange={(event) => {
                      if (!event.target.value) return;
                      const point = pointOf(event.target.value);
                      setValue(lat, point.lat, { shouldValidate: true });
                      setValue(lng, point.lng, { shouldValidate: true });
                    }}
                    className={inputClassName()}
                  >
                    <option value="">{t('ordering.direct.quickPickNone')}</option>
                    {cityNamesSortedFor(format.locale).map((name) => (
                      <option key={name} value={name}>
                        {format.city(name)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="grid grid-cols-2 gap-4">
                  {(
                    [
                      ['latitude', lat],
                      ['longitude', lng],
                    ] as const
                  ).map(([axis, name]) => (
                    <TextField
                      key={axis}
                      label={t(`ordering.direct.${axis}`)}
                      type="number"
                      inputMode="decimal"
                      step="any"
                      {...field(name)}
                    />
                  ))}
                </div>
              </fieldset>
            ))}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('ordering.direct.weight')}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                {...field('weight')}
              />
              <SelectField
                label={t('ordering.direct.vehicle')}
                registration={register('vehicle', {
                  // A limit error belongs to the vehicle it was found for.
                  onChange: () => {
                    if (errors.weight?.type === 'vehicleLimit') clearErrors('weight');
                  },
                })}
                options={VEHICLE_TYPES.map((vehicle) => ({
                  value: vehicle,
                  label: t('ordering.direct.vehicleOption', {
                    vehicle: t(`ordering.vehicles.${vehicle}`),
                    max: format.number(VEHICLES[vehicle].maxWeightKg, 0, 0),
                  }),
                }))}
                error={errors.vehicle?.message}
              />
            </div>
            <label className="flex min-h-10 cursor-pointer items-center gap-3 text-slate-800">
              <input
                type="checkbox"
                {...register('express')}
                className="size-5 shrink-0 accent-brand-800"
              />
              {t('ordering.direct.express')}
            </label>
            <button type="submit" className={`${buttonClassName('primary', 'lg')} w-full`}>
              {t('ordering.direct.calculate')}
            </button>
          </form>

          <section
            aria-labelledby="breakdown-title"
            aria-live="polite"
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h2
              id="breakdown-title"
              className="flex items-center gap-2 font-semibold text-slate-900"
            >
              <Calculator aria-hidden="true" className="size-5 text-brand-800" />
              {t('ordering.direct.breakdownTitle')}
            </h2>
            {breakdown ? (
              <dl className="mt-3 divide-y divide-slate-200">
                <SummaryRow label={t('ordering.direct.distance')}>
                  {t('ordering.units.km', { value: format.number(breakdown.distanceKm, 2, 2) })}
                </SummaryRow>
                <SummaryRow label={t('ordering.direct.basePrice')}>
                  {format.dh(breakdown.basePrice)}
                </SummaryRow>
                <SummaryRow
                  label={t('ordering.direct.distanceCost', { rate: format.dh(PRICE_PER_KM) })}
                >
                  {format.dh(breakdown.distanceCost)}
                </SummaryRow>
                <SummaryRow label={t('ordering.direct.subtotal')}>
                  {format.dh(breakdown.subtotal)}
                </SummaryRow>
                <SummaryRow label={t('ordering.direct.weightFactor')}>
                  {factor(breakdown.weightFactor)}
                </SummaryRow>
                <SummaryRow
                  label={t('ordering.direct.vehicleFactor', {
                    vehicle: t(`ordering.vehicles.${breakdown.vehicle}`),
                  })}
                >
                  {factor(breakdown.vehicleFactor)}
                </SummaryRow>
                <SummaryRow label={t('ordering.direct.expressFactor')}>
                  {factor(breakdown.expressFactor)}
                </SummaryRow>
                <SummaryRow
                  label={t('ordering.direct.minimum', { minimum: format.dh(MINIMUM_PRICE) })}
                >
                  {breakdown.minimumApplied ? t('ordering.direct.yes') : t('ordering.direct.no')}
                </SummaryRow>
                <div className="flex items-baseline justify-between gap-4 pt-3">
                  <dt className="font-semibold text-slate-900">{t('ordering.direct.total')}</dt>
                  <dd
                    data-testid="direct-total"
                    className="text-2xl font-bold text-brand-900 tabular-nums"
                  >
                    {format.dh(breakdown.price)}
                  </dd>
                </div>
              </dl>
            ) : (
              <p className="mt-3 text-sm text-slate-600">{t('ordering.direct.empty')}</p>
            )}
          </section>
        </div>
      </Container>
    </>
  );
}
