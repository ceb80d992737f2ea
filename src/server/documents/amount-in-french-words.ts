/**
 * An amount in French words, as a Moroccan invoice states its total ("Arrêtée la présente facture
 * à la somme de : mille deux cent trente-quatre dirhams et cinquante-six centimes TTC").
 *
 * The traditional spelling (hyphens between tens and units only, as the Académie française and
 * most invoices write it): vingt et un, soixante et onze, quatre-vingts but quatre-vingt-un, cent
 * and deux cents but deux cent un, mille invariable and never "un mille", un million, deux
 * millions; quatre-vingt and cent lose their s before mille (an adjective), keep it before
 * million (a noun). A round number of millions takes "de": un million de dirhams.
 */

const UNITS = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
];
const TENS = ['', 'dix', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

/** 0 < n < 20. */
function belowTwenty(n: number): string {
  return n < 17 ? UNITS[n]! : `dix-${UNITS[n - 10]}`;
}

/** 0 < n < 100; `beforeMille`: followed by mille, where quatre-vingt takes no s. */
function belowHundred(n: number, beforeMille: boolean): string {
  if (n < 20) return belowTwenty(n);
  const tens = Math.floor(n / 10);
  const units = n % 10;
  if (tens <= 6) {
    if (units === 0) return TENS[tens]!;
    return units === 1 ? `${TENS[tens]} et un` : `${TENS[tens]}-${UNITS[units]}`;
  }
  if (tens === 7) return units === 1 ? 'soixante et onze' : `soixante-${belowTwenty(10 + units)}`;
  if (n === 80) return beforeMille ? 'quatre-vingt' : 'quatre-vingts';
  return `quatre-vingt-${tens === 8 ? UNITS[units] : belowTwenty(10 + units)}`;
}

/** 0 < n < 1000. */
function belowThousand(n: number, beforeMille: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds === 1) words.push('cent');
  else if (hundreds > 1) {
    words.push(`${UNITS[hundreds]} ${rest === 0 && !beforeMille ? 'cents' : 'cent'}`);
  }
  if (rest > 0) words.push(belowHundred(rest, beforeMille));
  return words.join(' ');
}

/** A whole number, 0 ≤ n < 10¹², in words. */
export function integerInFrenchWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) {
    throw new RangeError(`Not a whole number below 10^12: ${n}`);
  }
  if (n === 0) return UNITS[0]!;
  const words: string[] = [];
  const scales: Array<[number, string]> = [
    [1e9, 'milliard'],
    [1e6, 'million'],
  ];
  let rest = n;
  for (const [scale, name] of scales) {
    const count = Math.floor(rest / scale);
    rest %= scale;
    if (count > 0) words.push(`${belowThousand(count, false)} ${name}${count > 1 ? 's' : ''}`);
  }
  const thousands = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousands === 1) words.push('mille');
  else if (thousands > 1) words.push(`${belowThousand(thousands, true)} mille`);
  if (rest > 0) words.push(belowThousand(rest, false));
  return words.join(' ');
}

/** 123456 → "mille deux cent trente-quatre dirhams et cinquante-six centimes". */
export function amountInFrenchWords(centimes: number): string {
  if (!Number.isSafeInteger(centimes)) throw new RangeError(`Not whole centimes: ${centimes}`);
  const magnitude = Math.abs(centimes);
  const dirhams = Math.floor(magnitude / 100);
  const cents = magnitude % 100;
  const sign = centimes < 0 ? 'moins ' : '';
  const centimesWords = `${integerInFrenchWords(cents)} centime${cents > 1 ? 's' : ''}`;
  if (dirhams === 0 && cents > 0) return `${sign}${centimesWords}`;
  const unit = dirhams <= 1 ? 'dirham' : dirhams % 1e6 === 0 ? 'de dirhams' : 'dirhams';
  const dirhamsWords = `${integerInFrenchWords(dirhams)} ${unit}`;
  return cents === 0 ? `${sign}${dirhamsWords}` : `${sign}${dirhamsWords} et ${centimesWords}`;
}
