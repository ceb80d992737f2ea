import '../admin-strings';
import '../../../i18n/manifests-strings';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { MAX_MANIFEST_PARCELS } from '#shared/labels';
import type { ManifestParcelCandidate } from '#shared/schemas/manifest-schemas';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { Card } from '../../../ui/card';
import { FormAlert } from '../../../ui/form-alert';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { ManifestParcelTable } from '../../../ui/manifest-parcel-table';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { describeActionError } from '../admin-errors';
import {
  downloadAdminManifestPdf,
  useCreateDispatchManifest,
  useDispatchParcels,
  useManifestDrivers,
} from '../manifests/manifests-api';

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?orders=<id>,<id>…`: the parcels the link names (the scanning page's), in its order. */
function namedOrderIds(value: string | null): string[] {
  const ids = (value ?? '').split(',').filter((id) => ID_PATTERN.test(id));
  return [...new Set(ids)].slice(0, MAX_MANIFEST_PARCELS);
}

/** The one driver all the named parcels are with, if they share one. */
function soleDriverOf(parcels: readonly ManifestParcelCandidate[] | undefined): string | undefined {
  const driverIds = new Set(parcels?.map((parcel) => parcel.driver?.id));
  const [only] = driverIds;
  return driverIds.size === 1 ? only : undefined;
}

/**
 * /admin/manifests/new?orders=<id>,<id>…&driver=<driverId>: a dispatch sheet for the parcels
 * leaving with a driver. The link's parcels are ticked, and their driver chosen when they share
 * one (the scanning page links here with what was scanned); creating it saves the PDF and goes
 * back to the list.
 */
export function NewManifestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const named = useMemo(() => namedOrderIds(params.get('orders')), [params]);
  const linkedDriver = params.get('driver') ?? '';
  const [chosenDriver, setChosenDriver] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Set<string> | null>(null);
  const [error, setError] = useState<string>();
  const drivers = useManifestDrivers();
  // Whose the named parcels are, asked only when neither the link nor the user chose a driver.
  const namedParcels = useDispatchParcels({
    orderIds: chosenDriver === null && !linkedDriver && named.length > 0 ? named : undefined,
  });
  const driverId = chosenDriver ?? (linkedDriver || soleDriverOf(namedParcels.data) || '');
  const parcels = useDispatchParcels({ driverId: driverId || undefined });
  const selected = ticked ?? new Set(named);
  const create = useCreateDispatchManifest();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const orderIds = (parcels.data ?? [])
      .filter((parcel) => selected.has(parcel.id))
      .map((parcel) => parcel.id);
    if (!driverId || orderIds.length === 0) return;
    setError(undefined);
    create.mutate(
      { driverId, orderIds },
      {
        onSuccess: async (created) => {
          notifySuccess(t('manifests.new.created', { number: created.number }));
          await downloadAdminManifestPdf(created).catch(() =>
            notifyError(t('manifests.pdfFailed')),
          );
          await navigate('/admin/manifests');
        },
        onError: (failure) => {
          const message = describeActionError(failure, t('manifests.new.failed'));
          setError(message);
          notifyError(message);
        },
      },
    );
  };

  const chosenCount = (parcels.data ?? []).filter((parcel) => selected.has(parcel.id)).length;
  return (
    <>
      <PageHeader
        title={t('manifests.new.title')}
        lead={t('manifests.new.lead')}
        before={
          <Link
            to="/admin/manifests"
            className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
            {t('manifests.new.back')}
          </Link>
        }
      />
      <form noValidate onSubmit={submit} className="flex flex-col gap-6">
        <Card>
          {drivers.isError ? (
            <ErrorState
              message={t('manifests.new.driversFailed')}
              onRetry={() => void drivers.refetch()}
            />
          ) : (
            <FormField label={t('manifests.new.driver')} className="max-w-md">
              {(control) => (
                <select
                  {...control}
                  value={driverId}
                  disabled={drivers.isPending}
                  onChange={(event) => {
                    setChosenDriver(event.target.value);
                    setTicked(new Set());
                    setError(undefined);
                  }}
                  className={inputClassName()}
                >
                  <option value="">{t('manifests.new.chooseDriver')}</option>
                  {drivers.data?.map((driver) => (
                    <option key={driver.id} value={driver.id}>
                      {t('manifests.new.driverOption', {
                        name: driver.name,
                        truck: driver.truckNumber ?? t('manifests.new.noTruck'),
                        count: driver.parcelCount,
                      })}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
        </Card>
        {!driverId ? (
          <p className="text-sm text-slate-600">{t('manifests.new.pickDriver')}</p>
        ) : parcels.isPending ? (
          <LoadingState label={t('manifests.parcels.loading')} />
        ) : parcels.isError ? (
          <ErrorState
            message={t('manifests.parcels.loadFailed')}
            onRetry={() => void parcels.refetch()}
          />
        ) : parcels.data.length === 0 ? (
          <EmptyState message={t('manifests.new.noParcels')} />
        ) : (
          <>
            <ManifestParcelTable
              parcels={parcels.data}
              selected={selected}
              onChange={(next) => {
                setTicked(next);
                setError(undefined);
              }}
            />
            <FormAlert>{error}</FormAlert>
            <div>
              <BusySubmitButton
                busy={create.isPending}
                disabled={chosenCount === 0}
                label={t('manifests.new.create')}
                busyLabel={t('manifests.new.creating')}
              />
            </div>
          </>
        )}
      </form>
    </>
  );
}
