import { describe, expect, it } from 'vitest';
import {
  cities,
  cityLabel,
  cityNames,
  cityNamesSortedFor,
  regionLabel,
  findCitiesContaining,
  findCity,
} from './cities';

const REQUIRED_CITIES = [
  'Casablanca',
  'Rabat',
  'Marrakech',
  'Fes',
  'Tangier',
  'Agadir',
  'Meknes',
  'Oujda',
  'Kenitra',
  'Tetouan',
  'Safi',
  'El Jadida',
  'Nador',
  'Beni Mellal',
  'Khouribga',
  'Laayoune',
  'Dakhla',
  'Essaouira',
  'Ouarzazate',
  'Errachidia',
  'Taza',
  'Settat',
  'Mohammedia',
  'Larache',
  'Ksar El Kebir',
  'Guelmim',
  'Tiznit',
  'Taroudant',
  'Al Hoceima',
  'Chefchaouen',
  'Ifrane',
  'Berkane',
  'Khemisset',
  'Sale',
  'Temara',
  'Berrechid',
  'Inezgane',
  'Tan-Tan',
  'Smara',
  'Midelt',
  'Azrou',
  'Sidi Kacem',
  'Sidi Slimane',
  'Khenifra',
  'Fnideq',
  'Martil',
  'Asilah',
  'Ouazzane',
  'Youssoufia',
  'Kelaa des Sraghna',
  'Zagora',
  'Tinghir',
  'Figuig',
];

const REGIONS = [
  'Tanger-Tétouan-Al Hoceïma',
  'Oriental',
  'Fès-Meknès',
  'Rabat-Salé-Kénitra',
  'Béni Mellal-Khénifra',
  'Casablanca-Settat',
  'Marrakech-Safi',
  'Drâa-Tafilalet',
  'Souss-Massa',
  'Guelmim-Oued Noun',
  'Laâyoune-Sakia El Hamra',
  'Dakhla-Oued Ed-Dahab',
];

describe('cities', () => {
  it('holds about 90 Moroccan cities', () => {
    expect(cities.length).toBeGreaterThanOrEqual(85);
    expect(cities.length).toBeLessThanOrEqual(100);
    for (const city of cities) {
      expect(city).toMatchObject({ country: 'Morocco', iso2: 'MA' });
      expect(REGIONS).toContain(city.admin_name);
      expect(['', 'admin', 'primary', 'minor']).toContain(city.capital);
      expect(city.population).toBeGreaterThanOrEqual(city.population_proper);
      expect(city.population_proper).toBeGreaterThan(1000);
    }
  });

  it('includes the cities customers ask for', () => {
    for (const name of REQUIRED_CITIES) expect(cityNames).toContain(name);
  });

  it('places every city inside Morocco with 4-decimal coordinates', () => {
    for (const { city, lat, lng } of cities) {
      expect(lat, city).toBeGreaterThan(20.7);
      expect(lat, city).toBeLessThan(36);
      expect(lng, city).toBeGreaterThan(-17.2);
      expect(lng, city).toBeLessThan(-1);
      expect(Math.round(lat * 10_000) / 10_000, city).toBe(lat);
      expect(Math.round(lng * 10_000) / 10_000, city).toBe(lng);
    }
  });

  it('has unique names, even ignoring case, accents and punctuation', () => {
    const keys = cities.map((city) => city.city.toLowerCase().replace(/[^a-z0-9]/g, ''));
    expect(new Set(keys).size).toBe(cities.length);
  });

  it('has Rabat as the national capital and one seat per region', () => {
    expect(cities.filter((city) => city.capital === 'primary').map((city) => city.city)).toEqual([
      'Rabat',
    ]);
    const seats = cities.filter((city) => city.capital === 'primary' || city.capital === 'admin');
    expect(new Set(seats.map((city) => city.admin_name)).size).toBe(12);
    expect(seats).toHaveLength(12);
  });

  it('puts Casablanca first, as the largest', () => {
    expect(cities[0]?.city).toBe('Casablanca');
    expect(Math.max(...cities.map((city) => city.population))).toBe(cities[0]?.population);
  });
});

describe('findCity', () => {
  it('finds a city whatever the case and surrounding spaces', () => {
    expect(findCity('Casablanca')?.city).toBe('Casablanca');
    expect(findCity('  casablanca ')?.city).toBe('Casablanca');
    expect(findCity('RABAT')?.lat).toBe(34.0209);
  });

  it('tolerates accents, hyphens, apostrophes and spacing', () => {
    expect(findCity('Fès')?.city).toBe('Fes');
    expect(findCity('Salé')?.city).toBe('Sale');
    expect(findCity('Tétouan')?.city).toBe('Tetouan');
    expect(findCity('Laâyoune')?.city).toBe('Laayoune');
    expect(findCity('Al Hoceïma')?.city).toBe('Al Hoceima');
    expect(findCity('Ksar el-Kebir')?.city).toBe('Ksar El Kebir');
    expect(findCity('Tan Tan')?.city).toBe('Tan-Tan');
    expect(findCity('Mdiq')?.city).toBe("M'diq");
    expect(findCity('M’diq')?.city).toBe("M'diq");
    expect(findCity('BeniMellal')?.city).toBe('Beni Mellal');
  });

  it('knows common other spellings', () => {
    expect(findCity('Fez')?.city).toBe('Fes');
    expect(findCity('Tanger')?.city).toBe('Tangier');
    expect(findCity('marrakesh')?.city).toBe('Marrakech');
    expect(findCity('El Kelaa des Sraghna')?.city).toBe('Kelaa des Sraghna');
    expect(findCity('Ouezzane')?.city).toBe('Ouazzane');
    expect(findCity('Kalaat MGouna')?.city).toBe("Kelaat M'Gouna");
  });

  it('returns undefined for a place that is not in the list', () => {
    expect(findCity('Paris')).toBeUndefined();
    expect(findCity('')).toBeUndefined();
    expect(findCity('   ')).toBeUndefined();
    expect(findCity('toString')).toBeUndefined();
  });
});

describe('cityNames', () => {
  it('lists every city once, sorted', () => {
    expect(cityNames).toHaveLength(cities.length);
    expect(cityNames[0]).toBe('Agadir');
    expect([...cityNames].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(cityNames);
  });
});

describe('findCitiesContaining', () => {
  it('finds cities by part of their name, ignoring case and accents', () => {
    expect(findCitiesContaining('casa').map((city) => city.city)).toEqual(['Casablanca']);
    expect(findCitiesContaining('FÈS').map((city) => city.city)).toContain('Fes');
  });

  it('finds a city by another spelling, once', () => {
    expect(findCitiesContaining('tanger').map((city) => city.city)).toEqual(['Tangier']);
    expect(findCitiesContaining('fez').map((city) => city.city)).toEqual(['Fes']);
  });

  it('finds nothing for blank text or a place that is not listed', () => {
    expect(findCitiesContaining('  ')).toEqual([]);
    expect(findCitiesContaining('Paris')).toEqual([]);
  });
});

describe('cityLabel', () => {
  it('names a city in French and Arabic, the canonical name in English', () => {
    expect(cityLabel('Casablanca', 'en')).toBe('Casablanca');
    expect(cityLabel('Casablanca', 'fr')).toBe('Casablanca');
    expect(cityLabel('Casablanca', 'ar')).toBe('الدار البيضاء');
    expect(cityLabel('Tangier', 'fr')).toBe('Tanger');
    expect(cityLabel('Tangier', 'ar')).toBe('طنجة');
    expect(cityLabel('Fes', 'fr')).toBe('Fès');
    expect(cityLabel('Fes', 'ar')).toBe('فاس');
    expect(cityLabel('Laayoune', 'fr')).toBe('Laâyoune');
    expect(cityLabel('Beni Mellal', 'fr')).toBe('Béni Mellal');
    expect(cityLabel('Rabat', 'ar')).toBe('الرباط');
    expect(cityLabel('Marrakech', 'ar')).toBe('مراكش');
  });

  it('gives every city of the list a French and an Arabic name', () => {
    for (const { city } of cities) {
      const french = cityLabel(city, 'fr');
      const arabic = cityLabel(city, 'ar');
      expect(french.replace(/[^a-z]/gi, ''), city).not.toBe('');
      expect(arabic, city).toMatch(/^[\u0621-\u064a ]+$/);
    }
    const arabicNames = cities.map(({ city }) => cityLabel(city, 'ar'));
    expect(new Set(arabicNames).size).toBe(cities.length);
  });

  it('returns a name outside the list as is, in every language', () => {
    expect(cityLabel('Paris', 'fr')).toBe('Paris');
    expect(cityLabel('Paris', 'ar')).toBe('Paris');
    expect(cityLabel('', 'ar')).toBe('');
    expect(cityLabel('fez', 'en')).toBe('fez');
  });
});

describe('regionLabel', () => {
  it('names every region in Arabic and keeps the official name elsewhere', () => {
    for (const region of REGIONS) {
      expect(regionLabel(region, 'en')).toBe(region);
      expect(regionLabel(region, 'fr')).toBe(region);
      expect(regionLabel(region, 'ar'), region).toMatch(/^[\u0621-\u064a ]+$/);
    }
    expect(regionLabel('Casablanca-Settat', 'ar')).toBe('الدار البيضاء سطات');
    expect(regionLabel('Elsewhere', 'ar')).toBe('Elsewhere');
  });
});

describe('cityNamesSortedFor', () => {
  it('orders the canonical names by their name in the language', () => {
    expect(cityNamesSortedFor('en')).toEqual(cityNames);
    const french = cityNamesSortedFor('fr');
    expect(french).toHaveLength(cities.length);
    expect(french.indexOf('Tangier')).toBeLessThan(french.indexOf('Taounate'));
    const arabic = cityNamesSortedFor('ar').map((name) => cityLabel(name, 'ar'));
    expect(arabic[0]).toBe('آسا');
    expect(arabic.indexOf('الرباط')).toBeLessThan(arabic.indexOf('طنجة'));
  });
});

describe('finding a city in French and Arabic', () => {
  it('finds every city from its French and its Arabic name', () => {
    for (const city of cities) {
      expect(findCity(cityLabel(city.city, 'fr')), city.city).toBe(city);
      expect(findCity(cityLabel(city.city, 'ar')), city.city).toBe(city);
    }
  });

  it('ignores harakat, tatweel and the spellings of alif, ta marbuta and alif maqsura', () => {
    expect(findCity('الرِّبَاط')?.city).toBe('Rabat');
    expect(findCity('الربـــاط')?.city).toBe('Rabat');
    expect(findCity('اكادير')?.city).toBe('Agadir');
    expect(findCity('اسفي')?.city).toBe('Safi');
    expect(findCity('طنجه')?.city).toBe('Tangier');
    expect(findCity('بيوكري')?.city).toBe('Biougra');
    expect(findCity('الدارالبيضاء')?.city).toBe('Casablanca');
  });

  it('finds cities by part of their Arabic or French name', () => {
    expect(findCitiesContaining('البيضاء').map((city) => city.city)).toEqual(['Casablanca']);
    expect(findCitiesContaining('العيون').map((city) => city.city)).toEqual([
      'Laayoune',
      'El Aioun',
    ]);
    expect(findCitiesContaining('kénit').map((city) => city.city)).toEqual(['Kenitra']);
    expect(findCitiesContaining('مراك').map((city) => city.city)).toEqual(['Marrakech']);
  });

  it('keeps the canonical name when another language spells a different city alike', () => {
    expect(findCity('Laayoune')?.city).toBe('Laayoune');
    expect(findCity('العيون')?.city).toBe('Laayoune');
    expect(findCity('العيون الشرقية')?.city).toBe('El Aioun');
  });
});
