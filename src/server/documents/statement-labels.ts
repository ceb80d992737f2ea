import type { Locale } from '#shared/i18n/locales';

/**
 * The words of a payout statement in the merchant's language. Kept beside the renderer rather
 * than in the message catalogues: they are a document's fixed labels, not messages the API
 * answers with, and a translator reads them together here.
 */
export interface StatementLabels {
  title: string;
  carrier: string;
  merchant: string;
  ice: string;
  ribHolder: string;
  rib: string;
  payout: string;
  createdAt: string;
  paidAt: string;
  notPaid: string;
  reference: string;
  date: string;
  trackingNumber: string;
  receiver: string;
  description: string;
  cod: string;
  fees: string;
  net: string;
  total: string;
  collected: string;
  ourFees: string;
  netPaid: string;
  noLines: string;
  page: (page: number, pageCount: number) => string;
}

export const STATEMENT_LABELS: Readonly<Record<Locale, StatementLabels>> = {
  en: {
    title: 'Payout statement',
    carrier: 'Carrier',
    merchant: 'Merchant',
    ice: 'ICE',
    ribHolder: 'Account holder',
    rib: 'RIB',
    payout: 'Payout',
    createdAt: 'Prepared on',
    paidAt: 'Paid on',
    notPaid: 'Not paid yet',
    reference: 'Transfer reference',
    date: 'Date',
    trackingNumber: 'Tracking number',
    receiver: 'Receiver',
    description: 'Description',
    cod: 'Collected',
    fees: 'Fees',
    net: 'Net',
    total: 'Total',
    collected: 'Collected from receivers',
    ourFees: 'Our fees',
    netPaid: 'Net paid to you',
    noLines: 'No entries in this payout.',
    page: (page, pageCount) => `Page ${page} / ${pageCount}`,
  },
  fr: {
    title: 'Relevé de versement',
    carrier: 'Transporteur',
    merchant: 'Marchand',
    ice: 'ICE',
    ribHolder: 'Titulaire du compte',
    rib: 'RIB',
    payout: 'Versement',
    createdAt: 'Établi le',
    paidAt: 'Payé le',
    notPaid: 'Pas encore payé',
    reference: 'Référence du virement',
    date: 'Date',
    trackingNumber: 'N° de suivi',
    receiver: 'Destinataire',
    description: 'Libellé',
    cod: 'Encaissé',
    fees: 'Frais',
    net: 'Net',
    total: 'Total',
    collected: 'Encaissé auprès des destinataires',
    ourFees: 'Nos frais',
    netPaid: 'Net versé',
    noLines: 'Aucune opération dans ce versement.',
    page: (page, pageCount) => `Page ${page} / ${pageCount}`,
  },
  ar: {
    title: 'كشف الدفعة',
    carrier: 'شركة النقل',
    merchant: 'التاجر',
    ice: 'ICE',
    ribHolder: 'صاحب الحساب',
    rib: 'RIB',
    payout: 'الدفعة',
    createdAt: 'تاريخ الإعداد',
    paidAt: 'تاريخ الدفع',
    notPaid: 'لم تُدفع بعد',
    reference: 'مرجع التحويل',
    date: 'التاريخ',
    trackingNumber: 'رقم التتبع',
    receiver: 'المستلم',
    description: 'البيان',
    cod: 'المبلغ المحصل',
    fees: 'الرسوم',
    net: 'الصافي',
    total: 'المجموع',
    collected: 'المحصل من المستلمين',
    ourFees: 'رسومنا',
    netPaid: 'الصافي المدفوع لكم',
    noLines: 'لا توجد عمليات في هذه الدفعة.',
    page: (page, pageCount) => `صفحة ${page} من ${pageCount}`,
  },
};
