import type { CargoType } from '#shared/pricing';

/**
 * A label's words. Labels are read by depot staff and drivers across the country and Moroccan
 * commercial documents are French, so the label is written in French; names and cities someone
 * typed keep their script, and the city and the cargo flags are given in Arabic too.
 */
export const LABEL_WORDS = {
  sender: 'EXPÉDITEUR',
  receiver: 'DESTINATAIRE',
  toCollect: 'À ENCAISSER',
  paid: 'PAYÉ',
  weight: 'Poids',
  dimensions: 'Dim.',
  quantity: 'Colis',
  reference: 'Réf.',
} as const;

/** The flag of a parcel the receiver may open before paying, for the driver at the door. */
export const ALLOW_OPEN_FLAG = { fr: 'OUVERTURE AUTORISÉE', ar: 'يسمح بالفتح' } as const;

/** The flag printed for a cargo type that needs care; general cargo prints none. */
export const CARGO_FLAGS: Readonly<Partial<Record<CargoType, { fr: string; ar: string }>>> = {
  fragile: { fr: 'FRAGILE', ar: 'قابل للكسر' },
  refrigerated: { fr: 'RÉFRIGÉRÉ', ar: 'مبرد' },
  hazardous: { fr: 'DANGEREUX', ar: 'خطير' },
};
