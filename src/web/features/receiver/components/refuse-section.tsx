import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../ui/button-styles';
import { FormAlert } from '../../../ui/form-alert';
import { FormDialog } from '../../../ui/form-dialog';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { useReceiverAction } from '../receiver-api';

interface RefuseSectionProps {
  token: string;
  onDone(message: string): void;
}

/** Refusing cannot be undone: it asks first, with an optional reason for the sender. */
export function RefuseSection({ token, onDone }: RefuseSectionProps) {
  const { t } = useTranslation();
  const action = useReceiverAction(token);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const opener = useRef<HTMLButtonElement>(null);

  // Awaited rather than a callback of `mutate`: the answer unmounts this section (a parcel going
  // back cannot be refused), and the page must still say that it is done.
  const refuse = async () => {
    try {
      await action.mutateAsync({ kind: 'refuse', body: { reason } });
    } catch {
      return;
    }
    setConfirming(false);
    onDone(t('receiver.refuse.done'));
  };

  return (
    <section aria-labelledby="receiver-refuse" className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="receiver-refuse" className="text-lg font-bold text-slate-900">
        {t('receiver.refuse.title')}
      </h2>
      <p className="mt-1 text-slate-600">{t('receiver.refuse.lead')}</p>
      <button
        ref={opener}
        type="button"
        onClick={() => {
          action.reset();
          setConfirming(true);
        }}
        className={`${buttonClassName('secondary', 'lg')} mt-4 w-full`}
      >
        {t('receiver.refuse.open')}
      </button>
      {confirming && (
        <FormDialog
          title={t('receiver.refuse.confirmTitle')}
          lead={t('receiver.refuse.confirmLead')}
          onClose={() => setConfirming(false)}
          onSubmit={refuse}
          returnFocusTo={opener}
          width="md"
          cancelLabel={t('receiver.refuse.cancel')}
          submitLabel={t('receiver.refuse.confirm')}
          busyLabel={t('receiver.refuse.busy')}
          busy={action.isPending}
          variant="danger"
        >
          <FormField label={t('receiver.refuse.reason')}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                className={inputClassName()}
              />
            )}
          </FormField>
          <FormAlert>{action.error?.message}</FormAlert>
        </FormDialog>
      )}
    </section>
  );
}
