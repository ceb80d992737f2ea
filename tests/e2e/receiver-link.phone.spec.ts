import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, toBusinessDate } from '../../src/shared/business-calendar';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { expect, test } from './fixtures';
import {
  addDriverAndDispatch,
  bearer,
  logOutThroughApi,
  signInDriverThroughApi,
  type TestDriver,
} from './support/app-api';
import { nextSmsTo, waitForSms } from './support/catchers';
import { expectHandledHttpError } from './support/page-checks';

/**
 * The receiver's link on a phone (docs/decisions/0023-failed-deliveries-and-returns.md, "The
 * receiver's link"): the dispatch SMS carries it; the page opens in French and the receiver picks
 * tomorrow; once in Arabic, right to left, they leave instructions and refuse the parcel. Each
 * test has its own customer, receiver, order and driver.
 */

const LINK = /https?:\/\/[^\s]+\/r\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/;

/** A number of this test's own, so its SMS are its own. */
const newReceiverPhone = () =>
  `+2126${String(Date.now() % 100_000_000).padStart(8, '0')}`.slice(0, 13);

/** A cash order whose receiver pays the fee, dispatched; answers its link's path. */
async function dispatchedParcel(
  request: APIRequestContext,
  customerToken: string,
  adminToken: string,
): Promise<{
  order: CustomerOrderDetail;
  path: string;
  driver: TestDriver;
  receiverPhone: string;
}> {
  const receiverPhone = newReceiverPhone();
  const placed = await request.post('/api/dashboard/neworder', {
    headers: bearer(customerToken),
    data: {
      pickup_loc: 'Casablanca',
      delivery_loc: 'Rabat',
      weight: 3,
      leingth: 30,
      width: 20,
      height: 10,
      payment_method: 'cash_on_delivery',
      fee_paid_by: 'receiver',
      receiver_name: 'Salma Idrissi',
      receiver_phone: receiverPhone,
      shipment_info: 'Shoes',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: CustomerOrderDetail };
  const driver = await addDriverAndDispatch(request, adminToken, order.id);
  const text = await waitForSms(receiverPhone, LINK);
  return { order, path: `/r/${LINK.exec(text)![1]}`, driver, receiverPhone };
}

const noWiderThanThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

test('after a failed attempt the receiver opens the SMS link in French and picks tomorrow, which the merchant sees; a wrong link is kindly refused', async ({
  page,
  request,
  accounts,
  pageErrors,
}) => {
  const [customer, admin] = await Promise.all([accounts.customer(), accounts.admin()]);
  const { order, path, driver, receiverPhone } = await dispatchedParcel(
    request,
    customer.token,
    admin.token,
  );

  // The driver finds nobody: the receiver's SMS brings the same link again.
  const driverSession = await signInDriverThroughApi(request, driver.phone);
  const failedSms = await nextSmsTo(receiverPhone, async () => {
    const failed = await request.post(`/api/driver/orders/${order.id}/attempt-failed`, {
      headers: bearer(driverSession.token),
      data: { reason: 'unreachable' },
    });
    expect(failed.status(), await failed.text()).toBe(200);
  });
  await logOutThroughApi(request, driverSession.token);
  expect(`/r/${LINK.exec(failedSms)![1]}`).toBe(path);

  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(
    page.getByRole('heading', { level: 1, name: `Colis ${order.trackingNumber}` }),
  ).toBeVisible();
  await expect(page.getByText('En route vers vous')).toBeVisible();
  await expect(page.getByText('À payer à la livraison')).toBeVisible();
  await expect(page.getByText(/Un code de livraison vous a été envoyé par SMS/)).toBeVisible();
  await noWiderThanThePhone(page);

  const days = page.getByRole('group', { name: 'Jours possibles' }).getByRole('button');
  await expect(days).toHaveCount(7);
  const tomorrow = (await days.first().textContent())!;
  await days.first().click();
  await expect(days.first()).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Note pour le livreur (facultatif)').fill('Après 17 h');
  await page.getByRole('button', { name: 'Confirmer ce jour' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `C’est noté : le livreur passera le ${tomorrow}.`,
  );
  await expect(page.getByText(`Prochaine tentative de livraison : ${tomorrow}`)).toBeVisible();
  await expect(page.getByText('Vos indications pour le livreur : Après 17 h')).toBeVisible();

  // The merchant's order now has that day, and its timeline says the receiver chose it.
  const seen = await request.get(`/api/dashboard/orders/${order.id}`, {
    headers: bearer(customer.token),
  });
  const { order: detail } = (await seen.json()) as { order: CustomerOrderDetail };
  expect(detail.failedAttempts).toBe(1);
  expect(detail.awaitingDecisionSince).toBeNull();
  expect(detail.nextAttemptOn).toBe(addDays(toBusinessDate(new Date()), 1));
  expect(detail.timeline.at(-1)).toMatchObject({ kind: 'rescheduled' });

  await page.goto(`/r/${'Z'.repeat(22)}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ce lien n’est plus valide' }),
  ).toBeVisible();
  await expectHandledHttpError(pageErrors, 404);
});

test('in Arabic, right to left, the receiver leaves instructions, then refuses the parcel', async ({
  page,
  request,
  accounts,
}) => {
  const [customer, admin] = await Promise.all([accounts.customer(), accounts.admin()]);
  const { order, path } = await dispatchedParcel(request, customer.token, admin.token);

  await page.goto(path);
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(
    page.getByRole('heading', { level: 1, name: `الطرد ${order.trackingNumber}` }),
  ).toBeVisible();
  await noWiderThanThePhone(page);

  await page.getByLabel('علامة مميزة').fill('بجانب المسجد');
  await page.getByLabel('هاتف آخر (اختياري)').fill('0661234567');
  await page.getByRole('button', { name: 'أرسل إلى السائق' }).click();
  await expect(page.getByRole('status')).toHaveText('تم: سيقرأ السائق تعليماتك.');
  await expect(page.getByText('تعليماتك للسائق: علامة مميزة: بجانب المسجد')).toBeVisible();

  await page.getByRole('button', { name: 'رفض الطرد' }).click();
  const dialog = page.getByRole('dialog', { name: 'هل ترفض هذا الطرد؟' });
  await dialog.getByLabel('لماذا؟ (اختياري)').fill('لم أعد أحتاجه');
  await dialog.getByRole('button', { name: 'نعم، أرفضه' }).click();
  await expect(page.getByRole('status')).toHaveText('تم: الطرد في طريق العودة إلى مرسله.');
  await expect(page.getByText('في طريق العودة إلى المرسل', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'تأكيد هذا اليوم' })).toHaveCount(0);

  // The choice of Arabic stays on this phone.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
