import { addDays, toBusinessDate } from '../../src/shared/business-calendar';
import { formatDayMonth } from '../../src/web/ui/format-date';
import { collectPageErrors, expect, showSignedIn, test } from './fixtures';
import { addDriverAndDispatch, bearer, placeOrder } from './support/app-api';
import { stringOf, stringsOf } from './support/translations';

/**
 * The merchant decides after a failed attempt (docs/decisions/0023-failed-deliveries-and-
 * returns.md), in French: the parcel waits in /dashboard/returns, the merchant asks for another
 * attempt tomorrow and sees the day; after the receiver refuses it at the door, the order page
 * shows the return code. The driver's steps go through the API.
 */
test.use({ locale: 'fr-FR' });

const fr = stringsOf('fr');
const word = (key: string) => stringOf(fr, key);

test('the merchant asks for another attempt, then sees the return code after a refusal', async ({
  page,
  accounts,
  request,
}) => {
  const errors: string[] = [];
  collectPageErrors(page, errors);
  const admin = await accounts.admin();
  const merchant = await accounts.customer({ prefix: 'returns' });
  const order = await placeOrder(request, merchant.token, 'Rabat');
  const driver = await addDriverAndDispatch(request, admin.token, order.id);
  const { token: driverToken } = await accounts.signInDriver(driver.phone);
  const fail = async (reason: string) => {
    const response = await request.post(`/api/driver/orders/${order.id}/attempt-failed`, {
      headers: bearer(driverToken),
      data: { reason },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await fail('receiver-absent');

  await showSignedIn(page, merchant);
  await page.goto('/dashboard/returns');
  await expect(
    page.getByRole('tab', { name: word('dashboard.returns.tabs.awaiting-decision') }),
  ).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('link', { name: order.id.slice(0, 10) }).click();

  const tomorrow = addDays(toBusinessDate(new Date()), 1);
  await page.getByRole('button', { name: word('dashboard.order.decision.tryAgain') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(word('dashboard.order.decision.day')).selectOption(tomorrow);
  await dialog
    .getByRole('button', { name: word('dashboard.order.decision.tryAgainConfirm') })
    .click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(formatDayMonth(tomorrow, 'fr')).first()).toBeVisible();
  await fail('refused');
  await page.reload();
  const returnCode = page.getByRole('region', { name: word('dashboard.order.returnCode.title') });
  await expect(returnCode).toContainText(/\d{6}/);
  expect(errors).toEqual([]);
});
