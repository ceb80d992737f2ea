import '../i18n/labels-strings';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Printer } from 'lucide-react';
import { LABEL_FORMATS, type LabelFormat } from '#shared/labels';
import { buttonClassName } from './button-styles';

/** The format choice: A6, 100 × 150 thermal, A4 four to a page. */
export function LabelFormatSelect({
  value,
  onChange,
}: {
  value: LabelFormat;
  onChange(format: LabelFormat): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <span className="inline-flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('labels.format')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as LabelFormat)}
        className="min-h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900"
      >
        {LABEL_FORMATS.map((format) => (
          <option key={format} value={format}>
            {t(`labels.formats.${format}`)}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * A print action for labels: the format, offered at `defaultFormat` (the organization's
 * remembered one), and the button; the busy text while the PDF is made, the server's reason
 * under it when it is refused.
 */
export function PrintLabelsButton({
  text,
  defaultFormat,
  print,
}: {
  text: string;
  defaultFormat: LabelFormat;
  print(format: LabelFormat): Promise<void>;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<LabelFormat>();
  const [state, setState] = useState<{ busy: boolean; failed?: string }>({ busy: false });
  const format = chosen ?? defaultFormat;
  const run = () => {
    setState({ busy: true });
    print(format).then(
      () => setState({ busy: false }),
      (error: unknown) =>
        setState({
          busy: false,
          failed: t('labels.failed', { reason: error instanceof Error ? error.message : '' }),
        }),
    );
  };
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className="inline-flex flex-wrap items-center gap-2">
        <LabelFormatSelect value={format} onChange={setChosen} />
        <button
          type="button"
          onClick={run}
          disabled={state.busy}
          className={buttonClassName('secondary')}
        >
          <Printer aria-hidden="true" className="size-4" />
          {state.busy ? t('labels.printing') : text}
        </button>
      </span>
      {state.failed && (
        <span role="alert" className="text-xs text-red-700">
          {state.failed}
        </span>
      )}
    </span>
  );
}
