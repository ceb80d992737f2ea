import { findCity } from './cities';

/**
 * A three-letter code per city of the list (#shared/cities), printed as a label's route
 * (`CAS > RBA`) so that depot staff sort at a glance. Where the city has an airport its IATA
 * code is used (Casablanca keeps CAS, the code of its first airport, the one people know);
 * elsewhere a code made from the name's letters, chosen not to clash with another.
 */
const CITY_CODES: Readonly<Record<string, string>> = {
  Casablanca: 'CAS',
  Rabat: 'RBA',
  Fes: 'FEZ',
  Marrakech: 'RAK',
  Tangier: 'TNG',
  Sale: 'SLE',
  Meknes: 'MEK',
  Oujda: 'OUD',
  Kenitra: 'NNA',
  Agadir: 'AGA',
  Tetouan: 'TTU',
  Temara: 'TEM',
  Safi: 'SFI',
  Laayoune: 'EUN',
  Mohammedia: 'MOH',
  Khouribga: 'KHO',
  'El Jadida': 'EJD',
  'Beni Mellal': 'BEM',
  'Ait Melloul': 'AML',
  Nador: 'NDR',
  Taza: 'TAZ',
  Settat: 'SET',
  Berrechid: 'BRC',
  Khemisset: 'KHM',
  Inezgane: 'INZ',
  'Ksar El Kebir': 'KSK',
  Larache: 'LRH',
  Guelmim: 'GLN',
  Khenifra: 'KHN',
  Berkane: 'BRK',
  Dakhla: 'VIL',
  Taourirt: 'TRT',
  Bouskoura: 'BSK',
  'Fquih Ben Salah': 'FBS',
  'Oued Zem': 'OZM',
  'Kelaa des Sraghna': 'KDS',
  'Sidi Slimane': 'SSL',
  Errachidia: 'ERH',
  Guercif: 'GCF',
  'Oulad Teima': 'OTM',
  'Ben Guerir': 'BGR',
  Tiflet: 'TFL',
  Taroudant: 'TDT',
  Sefrou: 'SFR',
  Essaouira: 'ESU',
  Fnideq: 'FNQ',
  'Sidi Kacem': 'SKC',
  Tiznit: 'TZN',
  'Tan-Tan': 'TTA',
  Ouarzazate: 'OZZ',
  'Souk El Arbaa': 'SEA',
  Youssoufia: 'YSF',
  Martil: 'MRT',
  Skhirat: 'SKH',
  Ouazzane: 'OZN',
  Benslimane: 'BSL',
  Smara: 'SMW',
  'Al Hoceima': 'AHU',
  "M'diq": 'MDQ',
  Midelt: 'MDT',
  Azrou: 'AZR',
  'Sidi Bennour': 'SBN',
  'Kasba Tadla': 'KTD',
  Boujad: 'BJD',
  Jerada: 'JRD',
  Chefchaouen: 'CHF',
  Boujdour: 'BJR',
  Tinghir: 'TGR',
  'El Aioun': 'EAN',
  Azemmour: 'AZM',
  Zagora: 'OZG',
  Imzouren: 'IMZ',
  'Sidi Yahya El Gharb': 'SYG',
  Biougra: 'BGA',
  Taounate: 'TNT',
  Zaio: 'ZAO',
  'El Hajeb': 'EHJ',
  Asilah: 'ASL',
  Azilal: 'AZL',
  Bouznika: 'BZK',
  'Ait Ourir': 'AOR',
  Bouarfa: 'UAR',
  Missour: 'MSR',
  Erfoud: 'ERF',
  'Sidi Ifni': 'SII',
  Rissani: 'RSN',
  Tata: 'TAT',
  Chichaoua: 'CHC',
  Assa: 'ASA',
  Driouch: 'DRC',
  Ifrane: 'IFR',
  "Kelaat M'Gouna": 'KMG',
  Figuig: 'FIG',
  Saidia: 'SAI',
  Tarfaya: 'TFY',
};

/**
 * The city's three-letter code, found the way findCity finds a city (any spelling, French or
 * Arabic). A city outside the list gets its name's first three Latin letters, accents dropped,
 * uppercased, and X for what is missing: a label still prints something a person can read.
 */
export function cityCode(name: string): string {
  const city = findCity(name);
  const known = city && CITY_CODES[city.city];
  if (known) return known;
  const letters = name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  return letters.slice(0, 3).padEnd(3, 'X');
}
