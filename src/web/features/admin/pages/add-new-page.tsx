import '../admin-strings';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { ApiError } from '../../../lib/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { useAddDriverTruck } from '../api/admin-api';
import { PageHeader } from '../../../ui/page-header';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import {
  checkDriverTruck,
  EMPTY_DRIVER_TRUCK_FORM,
  findStepWithErrors,
  isStepFilled,
  STEP_FIELDS,
  toDriverTruckPayload,
  toFormErrors,
  type DriverTruckField,
  type DriverTruckForm,
  type FieldErrors,
  type FormStep,
} from '../driver-truck-form';
import { TextField } from '../../../ui/form-field';

/** The step indicator: 1 Driver, 2 Truck, the current one marked for screen readers too. */
function StepIndicator({ step }: { step: FormStep }) {
  const { t } = useTranslation();
  const steps: Array<{ number: FormStep; label: string }> = [
    { number: 1, label: t('admin.addNew.steps.driver') },
    { number: 2, label: t('admin.addNew.steps.truck') },
  ];
  return (
    <ol aria-label={t('admin.addNew.steps.label')} className="mb-6 flex items-center gap-3">
      {steps.map(({ number, label }, index) => {
        const current = number === step;
        const done = number < step;
        return (
          <li key={number} className="flex items-center gap-3">
            {index > 0 && <span aria-hidden="true" className="h-px w-8 bg-slate-300 sm:w-16" />}
            <span
              aria-current={current ? 'step' : undefined}
              className="flex items-center gap-2 text-sm font-semibold"
            >
              <span
                className={`flex size-9 items-center justify-center rounded-full tabular-nums ${
                  current
                    ? 'bg-brand-800 text-white'
                    : done
                      ? 'bg-emerald-600 text-white'
                      : 'bg-slate-200 text-slate-600'
                }`}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : number}
                {done && <span className="sr-only">{number}</span>}
              </span>
              <span className={current ? 'text-slate-900' : 'text-slate-600'}>{label}</span>
              {done && <span className="sr-only">({t('admin.addNew.steps.done')})</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * /admin/add-new: a driver and the truck they drive, in two steps (docs/product.md, section 2).
 * Next and Add wait until every required field is filled; the shared schema checks the rest before
 * the call, and the server's field messages (a plate or licence already registered) land under
 * their fields, on the step that holds them. There is no back button.
 */
export function AddNewPage() {
  const { t } = useTranslation();
  const hintId = useId();
  const [step, setStep] = useState<FormStep>(1);
  const add = useAddDriverTruck();
  const { register, getValues, control, reset, setError, clearErrors, setFocus, formState } =
    useForm<DriverTruckForm>({ defaultValues: EMPTY_DRIVER_TRUCK_FORM, mode: 'onTouched' });
  const values = useWatch({ control });
  const filled = isStepFilled(step, values);

  // The field to focus once it is on screen: a new step's first field, or the first one in error.
  const focusNext = useRef<DriverTruckField | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    setFocus(focusNext.current);
    focusNext.current = null;
  });

  const goToStep = (next: FormStep, focus: DriverTruckField = STEP_FIELDS[next][0]) => {
    focusNext.current = focus;
    setStep(next);
  };

  const showErrors = (errors: FieldErrors) => {
    const errorStep = findStepWithErrors(errors) ?? step;
    const first = STEP_FIELDS[errorStep].find((name) => errors[name]);
    goToStep(errorStep, first);
    for (const [name, message] of Object.entries(errors)) {
      setError(name as DriverTruckField, { type: 'validate', message });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The other step's messages (a duplicate plate) stay until their field is edited.
    clearErrors([...STEP_FIELDS[step]]);
    const form = getValues();
    if (step === 1) {
      const errors = checkDriverTruck(form, STEP_FIELDS[1]);
      if (Object.keys(errors).length > 0) return showErrors(errors);
      goToStep(2);
      return;
    }
    const errors = checkDriverTruck(form, [...STEP_FIELDS[1], ...STEP_FIELDS[2]]);
    if (Object.keys(errors).length > 0) return showErrors(errors);
    add.mutate(toDriverTruckPayload(form), {
      onSuccess: () => {
        notifySuccess(t('admin.toasts.added'));
        reset(EMPTY_DRIVER_TRUCK_FORM);
        goToStep(1);
      },
      onError: (error) => {
        // docs/product.md, section 8 sends the admin to the console for the details.
        console.warn('Adding the driver and truck failed:', error);
        notifyError(t('admin.toasts.addFailed'));
        if (error instanceof ApiError && error.errors) showErrors(toFormErrors(error.errors));
      },
    });
  };

  const field = (name: DriverTruckField) => ({
    registration: register(name),
    error: formState.errors[name]?.message,
    label: t(`admin.addNew.fields.${name}`),
  });

  return (
    <>
      <PageHeader title={t('admin.addNew.title')} lead={t('admin.addNew.lead')} />
      <div className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <StepIndicator step={step} />
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {step === 1 ? (
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-base font-semibold text-slate-900">
                {t('admin.addNew.driverSection')}
              </legend>
              <TextField {...field('fullName')} autoComplete="off" />
              <TextField {...field('phone')} type="tel" autoComplete="off" />
              <TextField {...field('email')} type="email" autoComplete="off" />
              <TextField {...field('nationalId')} autoComplete="off" />
              <TextField {...field('license')} autoComplete="off" />
              <TextField {...field('expiryDate')} type="date" />
            </fieldset>
          ) : (
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-base font-semibold text-slate-900">
                {t('admin.addNew.truckSection')}
              </legend>
              <TextField {...field('plateNumber')} autoComplete="off" />
              <TextField
                {...field('capacity')}
                type="number"
                min={0}
                step="any"
                inputMode="decimal"
              />
              <TextField
                {...field('volume')}
                type="number"
                min={0}
                step="any"
                inputMode="decimal"
                hint={t('admin.addNew.fields.volumeHint')}
              />
              <TextField {...field('year')} type="number" step={1} inputMode="numeric" />
              <TextField
                {...field('type')}
                hint={t('admin.addNew.fields.typeHint')}
                autoComplete="off"
              />
              <TextField {...field('brand')} autoComplete="off" />
              <TextField {...field('inspectionDate')} type="date" />
            </fieldset>
          )}
          {!filled && (
            <p id={hintId} className="text-sm text-slate-500">
              {t('admin.addNew.fillAll')}
            </p>
          )}
          <div className="flex justify-end">
            <button
              type="submit"
              disabled={!filled || add.isPending}
              aria-busy={add.isPending || undefined}
              aria-describedby={filled ? undefined : hintId}
              className={`${buttonClassName('primary', 'lg')} w-full sm:w-auto`}
            >
              {step === 1
                ? t('admin.addNew.next')
                : add.isPending
                  ? t('admin.addNew.adding')
                  : t('admin.addNew.add')}
            </button>
          </div>
        </form>
      </div>
    </>
  );
}
