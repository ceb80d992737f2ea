import { useTranslation } from 'react-i18next';
import { PRIORITIES } from '#shared/pricing';
import type { NewOrderFormValues } from '../new-order-form';
import { ChoiceGroup } from '../../../ui/choice-group';
import { useContextFields } from '../../../ui/use-checked-form';

/**
 * Normal, express or urgent. Shown when the cargo is described and again beside the price, where
 * changing it prices the order again (docs/product.md, decision 14).
 */
export function PriorityChoice() {
  const { t } = useTranslation();
  const field = useContextFields<NewOrderFormValues>();
  return (
    <ChoiceGroup
      legend={t('ordering.wizard.cargo.priority')}
      {...field('priority')}
      choices={PRIORITIES.map((priority) => ({
        value: priority,
        label: t(`ordering.priorities.${priority}.label`),
        description: t(`ordering.priorities.${priority}.text`),
      }))}
    />
  );
}
