import type { Locale } from './i18n/locales';

export type CityCapital = '' | 'admin' | 'primary' | 'minor';

/**
 * One row of the built-in city list (docs/product.md, section 3), in the simplemaps worldcities
 * shape: capital is 'primary' for the national capital, 'admin' for a region's seat, 'minor' for a
 * province or prefecture seat, '' otherwise; population is the urban area, population_proper the
 * municipality (2014 census).
 */
export interface City {
  city: string;
  lat: number;
  lng: number;
  country: string;
  iso2: string;
  admin_name: string;
  capital: CityCapital;
  population: number;
  population_proper: number;
}

const CASABLANCA_SETTAT = 'Casablanca-Settat';
const RABAT_SALE_KENITRA = 'Rabat-Salé-Kénitra';
const FES_MEKNES = 'Fès-Meknès';
const MARRAKECH_SAFI = 'Marrakech-Safi';
const TANGER_TETOUAN_AL_HOCEIMA = 'Tanger-Tétouan-Al Hoceïma';
const ORIENTAL = 'Oriental';
const SOUSS_MASSA = 'Souss-Massa';
const DRAA_TAFILALET = 'Drâa-Tafilalet';
const BENI_MELLAL_KHENIFRA = 'Béni Mellal-Khénifra';
const GUELMIM_OUED_NOUN = 'Guelmim-Oued Noun';
const LAAYOUNE_SAKIA_EL_HAMRA = 'Laâyoune-Sakia El Hamra';
const DAKHLA_OUED_ED_DAHAB = 'Dakhla-Oued Ed-Dahab';

/** The regions' Arabic names; English and French write them the official French way. */
const REGION_NAMES_AR: Readonly<Record<string, string>> = {
  [CASABLANCA_SETTAT]: 'الدار البيضاء سطات',
  [RABAT_SALE_KENITRA]: 'الرباط سلا القنيطرة',
  [FES_MEKNES]: 'فاس مكناس',
  [MARRAKECH_SAFI]: 'مراكش آسفي',
  [TANGER_TETOUAN_AL_HOCEIMA]: 'طنجة تطوان الحسيمة',
  [ORIENTAL]: 'الشرق',
  [SOUSS_MASSA]: 'سوس ماسة',
  [DRAA_TAFILALET]: 'درعة تافيلالت',
  [BENI_MELLAL_KHENIFRA]: 'بني ملال خنيفرة',
  [GUELMIM_OUED_NOUN]: 'كلميم واد نون',
  [LAAYOUNE_SAKIA_EL_HAMRA]: 'العيون الساقية الحمراء',
  [DAKHLA_OUED_ED_DAHAB]: 'الداخلة وادي الذهب',
};

/** A city's region (its admin_name) as a reader of `locale` names it. */
export function regionLabel(adminName: string, locale: Locale): string {
  return (locale === 'ar' && REGION_NAMES_AR[adminName]) || adminName;
}

function defineCity(
  city: string,
  lat: number,
  lng: number,
  adminName: string,
  capital: CityCapital,
  population: number,
  populationProper = population,
): City {
  return {
    city,
    lat,
    lng,
    country: 'Morocco',
    iso2: 'MA',
    admin_name: adminName,
    capital,
    population,
    population_proper: populationProper,
  };
}

/**
 * Names are plain ASCII so that they are easy to type; findCity also accepts the accented forms.
 */
export const cities: readonly City[] = [
  defineCity('Casablanca', 33.5731, -7.5898, CASABLANCA_SETTAT, 'admin', 3_752_000, 3_359_818),
  defineCity('Rabat', 34.0209, -6.8416, RABAT_SALE_KENITRA, 'primary', 1_932_000, 577_827),
  defineCity('Fes', 34.0181, -5.0078, FES_MEKNES, 'admin', 1_256_000, 1_112_072),
  defineCity('Marrakech', 31.6295, -7.9811, MARRAKECH_SAFI, 'admin', 1_330_468, 928_850),
  defineCity('Tangier', 35.7595, -5.834, TANGER_TETOUAN_AL_HOCEIMA, 'admin', 1_275_428, 947_952),
  defineCity('Sale', 34.0372, -6.7983, RABAT_SALE_KENITRA, 'minor', 890_403),
  defineCity('Meknes', 33.8935, -5.5473, FES_MEKNES, 'minor', 632_079, 520_428),
  defineCity('Oujda', 34.6814, -1.9086, ORIENTAL, 'admin', 494_252),
  defineCity('Kenitra', 34.261, -6.5802, RABAT_SALE_KENITRA, 'minor', 431_282),
  defineCity('Agadir', 30.4278, -9.5981, SOUSS_MASSA, 'admin', 924_000, 421_844),
  defineCity('Tetouan', 35.5785, -5.3684, TANGER_TETOUAN_AL_HOCEIMA, 'minor', 380_787),
  defineCity('Temara', 33.9287, -6.9063, RABAT_SALE_KENITRA, 'minor', 313_510),
  defineCity('Safi', 32.2994, -9.2372, MARRAKECH_SAFI, 'minor', 308_508),
  defineCity('Laayoune', 27.1253, -13.1625, LAAYOUNE_SAKIA_EL_HAMRA, 'admin', 217_732),
  defineCity('Mohammedia', 33.6861, -7.3829, CASABLANCA_SETTAT, 'minor', 208_612),
  defineCity('Khouribga', 32.8811, -6.9063, BENI_MELLAL_KHENIFRA, 'minor', 196_196),
  defineCity('El Jadida', 33.2316, -8.5007, CASABLANCA_SETTAT, 'minor', 194_934),
  defineCity('Beni Mellal', 32.3373, -6.3498, BENI_MELLAL_KHENIFRA, 'admin', 192_676),
  defineCity('Ait Melloul', 30.3342, -9.4972, SOUSS_MASSA, '', 171_847),
  defineCity('Nador', 35.1681, -2.9335, ORIENTAL, 'minor', 161_726),
  defineCity('Taza', 34.2144, -4.0088, FES_MEKNES, 'minor', 148_456),
  defineCity('Settat', 33.001, -7.6166, CASABLANCA_SETTAT, 'minor', 142_250),
  defineCity('Berrechid', 33.2655, -7.5875, CASABLANCA_SETTAT, 'minor', 136_634),
  defineCity('Khemisset', 33.824, -6.0664, RABAT_SALE_KENITRA, 'minor', 131_542),
  defineCity('Inezgane', 30.3558, -9.5456, SOUSS_MASSA, 'minor', 130_333),
  defineCity('Ksar El Kebir', 35.0017, -5.9083, TANGER_TETOUAN_AL_HOCEIMA, '', 126_617),
  defineCity('Larache', 35.1932, -6.1557, TANGER_TETOUAN_AL_HOCEIMA, 'minor', 125_008),
  defineCity('Guelmim', 28.987, -10.0574, GUELMIM_OUED_NOUN, 'admin', 118_318),
  defineCity('Khenifra', 32.9394, -5.6675, BENI_MELLAL_KHENIFRA, 'minor', 117_510),
  defineCity('Berkane', 34.92, -2.32, ORIENTAL, 'minor', 109_237),
  defineCity('Dakhla', 23.6848, -15.958, DAKHLA_OUED_ED_DAHAB, 'admin', 106_277),
  defineCity('Taourirt', 34.4073, -2.8973, ORIENTAL, 'minor', 103_398),
  defineCity('Bouskoura', 33.4489, -7.6486, CASABLANCA_SETTAT, '', 103_026),
  defineCity('Fquih Ben Salah', 32.5025, -6.6884, BENI_MELLAL_KHENIFRA, 'minor', 102_019),
  defineCity('Oued Zem', 32.8627, -6.5736, BENI_MELLAL_KHENIFRA, '', 95_267),
  defineCity('Kelaa des Sraghna', 32.0481, -7.4083, MARRAKECH_SAFI, 'minor', 95_224),
  defineCity('Sidi Slimane', 34.2648, -5.9254, RABAT_SALE_KENITRA, 'minor', 92_989),
  defineCity('Errachidia', 31.9314, -4.4288, DRAA_TAFILALET, 'admin', 92_374),
  defineCity('Guercif', 34.2257, -3.3536, ORIENTAL, 'minor', 90_880),
  defineCity('Oulad Teima', 30.3948, -9.2093, SOUSS_MASSA, '', 89_387),
  defineCity('Ben Guerir', 32.236, -7.954, MARRAKECH_SAFI, 'minor', 88_502),
  defineCity('Tiflet', 33.8947, -6.3067, RABAT_SALE_KENITRA, '', 86_709),
  defineCity('Taroudant', 30.4703, -8.877, SOUSS_MASSA, 'minor', 80_149),
  defineCity('Sefrou', 33.8305, -4.8353, FES_MEKNES, 'minor', 79_887),
  defineCity('Essaouira', 31.5085, -9.7595, MARRAKECH_SAFI, 'minor', 77_966),
  defineCity('Fnideq', 35.8494, -5.358, TANGER_TETOUAN_AL_HOCEIMA, '', 77_436),
  defineCity('Sidi Kacem', 34.2214, -5.7078, RABAT_SALE_KENITRA, 'minor', 74_755),
  defineCity('Tiznit', 29.6974, -9.7316, SOUSS_MASSA, 'minor', 74_699),
  defineCity('Tan-Tan', 28.4378, -11.1031, GUELMIM_OUED_NOUN, 'minor', 73_209),
  defineCity('Ouarzazate', 30.9189, -6.8934, DRAA_TAFILALET, 'minor', 71_067),
  defineCity('Souk El Arbaa', 34.6833, -5.9833, RABAT_SALE_KENITRA, '', 69_265),
  defineCity('Youssoufia', 32.2463, -8.5294, MARRAKECH_SAFI, 'minor', 67_628),
  defineCity('Martil', 35.6167, -5.275, TANGER_TETOUAN_AL_HOCEIMA, '', 64_355),
  defineCity('Skhirat', 33.8527, -7.0321, RABAT_SALE_KENITRA, '', 59_775),
  defineCity('Ouazzane', 34.7936, -5.5844, TANGER_TETOUAN_AL_HOCEIMA, 'minor', 59_606),
  defineCity('Benslimane', 33.6122, -7.1211, CASABLANCA_SETTAT, 'minor', 57_101),
  defineCity('Smara', 26.7384, -11.6719, LAAYOUNE_SAKIA_EL_HAMRA, 'minor', 57_035),
  defineCity('Al Hoceima', 35.2517, -3.9372, TANGER_TETOUAN_AL_HOCEIMA, 'minor', 56_716),
  defineCity("M'diq", 35.6858, -5.3253, TANGER_TETOUAN_AL_HOCEIMA, 'minor', 56_227),
  defineCity('Midelt', 32.6852, -4.7451, DRAA_TAFILALET, 'minor', 55_304),
  defineCity('Azrou', 33.4342, -5.2217, FES_MEKNES, '', 54_350),
  defineCity('Sidi Bennour', 32.65, -8.4333, CASABLANCA_SETTAT, 'minor', 53_734),
  defineCity('Kasba Tadla', 32.5977, -6.2684, BENI_MELLAL_KHENIFRA, '', 47_343),
  defineCity('Boujad', 32.7667, -6.4, BENI_MELLAL_KHENIFRA, '', 46_894),
  defineCity('Jerada', 34.3117, -2.1636, ORIENTAL, 'minor', 43_916),
  defineCity('Chefchaouen', 35.1688, -5.2636, TANGER_TETOUAN_AL_HOCEIMA, 'minor', 42_786),
  defineCity('Boujdour', 26.1253, -14.4847, LAAYOUNE_SAKIA_EL_HAMRA, 'minor', 42_651),
  defineCity('Tinghir', 31.5147, -5.5328, DRAA_TAFILALET, 'minor', 42_044),
  defineCity('El Aioun', 34.5853, -2.5056, ORIENTAL, '', 41_832),
  defineCity('Azemmour', 33.2878, -8.342, CASABLANCA_SETTAT, '', 40_920),
  defineCity('Zagora', 30.3306, -5.8381, DRAA_TAFILALET, 'minor', 40_069),
  defineCity('Imzouren', 35.1448, -3.8505, TANGER_TETOUAN_AL_HOCEIMA, '', 39_352),
  defineCity('Sidi Yahya El Gharb', 34.3058, -6.3058, RABAT_SALE_KENITRA, '', 37_979),
  defineCity('Biougra', 30.2144, -9.3708, SOUSS_MASSA, 'minor', 37_933),
  defineCity('Taounate', 34.5358, -4.64, FES_MEKNES, 'minor', 37_616),
  defineCity('Zaio', 34.9396, -2.7334, ORIENTAL, '', 35_806),
  defineCity('El Hajeb', 33.6928, -5.3711, FES_MEKNES, 'minor', 34_959),
  defineCity('Asilah', 35.465, -6.0341, TANGER_TETOUAN_AL_HOCEIMA, '', 31_147),
  defineCity('Azilal', 31.9617, -6.5717, BENI_MELLAL_KHENIFRA, 'minor', 30_162),
  defineCity('Bouznika', 33.7894, -7.1597, CASABLANCA_SETTAT, '', 27_028),
  defineCity('Ait Ourir', 31.5644, -7.6628, MARRAKECH_SAFI, '', 26_027),
  defineCity('Bouarfa', 32.531, -1.9631, ORIENTAL, 'minor', 25_947),
  defineCity('Missour', 33.05, -3.9908, FES_MEKNES, '', 25_566),
  defineCity('Erfoud', 31.4361, -4.2328, DRAA_TAFILALET, '', 23_637),
  defineCity('Sidi Ifni', 29.3797, -10.173, GUELMIM_OUED_NOUN, 'minor', 21_618),
  defineCity('Rissani', 31.28, -4.26, DRAA_TAFILALET, '', 20_469),
  defineCity('Tata', 29.7428, -7.9725, SOUSS_MASSA, 'minor', 18_611),
  defineCity('Chichaoua', 31.5333, -8.7667, MARRAKECH_SAFI, 'minor', 16_672),
  defineCity('Assa', 28.6086, -9.4269, GUELMIM_OUED_NOUN, 'minor', 15_930),
  defineCity('Driouch', 34.9833, -3.3833, ORIENTAL, 'minor', 14_741),
  defineCity('Ifrane', 33.5228, -5.1106, FES_MEKNES, 'minor', 14_659),
  defineCity("Kelaat M'Gouna", 31.2403, -6.1286, DRAA_TAFILALET, '', 14_190),
  defineCity('Figuig', 32.109, -1.229, ORIENTAL, '', 10_872),
  defineCity('Saidia', 35.085, -2.2392, ORIENTAL, '', 8_780),
  defineCity('Tarfaya', 27.9378, -12.9264, LAAYOUNE_SAKIA_EL_HAMRA, 'minor', 8_624),
];

/**
 * Each city's name in French (the usual spelling, accents included) and in Arabic. The list's
 * own names stay the canonical ones that the API stores and answers with; these are for
 * showing (cityLabel) and for finding a city from what a reader types in their language.
 */
const CITY_NAMES: Readonly<Record<string, { fr: string; ar: string }>> = {
  Casablanca: { fr: 'Casablanca', ar: 'الدار البيضاء' },
  Rabat: { fr: 'Rabat', ar: 'الرباط' },
  Fes: { fr: 'Fès', ar: 'فاس' },
  Marrakech: { fr: 'Marrakech', ar: 'مراكش' },
  Tangier: { fr: 'Tanger', ar: 'طنجة' },
  Sale: { fr: 'Salé', ar: 'سلا' },
  Meknes: { fr: 'Meknès', ar: 'مكناس' },
  Oujda: { fr: 'Oujda', ar: 'وجدة' },
  Kenitra: { fr: 'Kénitra', ar: 'القنيطرة' },
  Agadir: { fr: 'Agadir', ar: 'أكادير' },
  Tetouan: { fr: 'Tétouan', ar: 'تطوان' },
  Temara: { fr: 'Témara', ar: 'تمارة' },
  Safi: { fr: 'Safi', ar: 'آسفي' },
  Laayoune: { fr: 'Laâyoune', ar: 'العيون' },
  Mohammedia: { fr: 'Mohammédia', ar: 'المحمدية' },
  Khouribga: { fr: 'Khouribga', ar: 'خريبكة' },
  'El Jadida': { fr: 'El Jadida', ar: 'الجديدة' },
  'Beni Mellal': { fr: 'Béni Mellal', ar: 'بني ملال' },
  'Ait Melloul': { fr: 'Aït Melloul', ar: 'أيت ملول' },
  Nador: { fr: 'Nador', ar: 'الناظور' },
  Taza: { fr: 'Taza', ar: 'تازة' },
  Settat: { fr: 'Settat', ar: 'سطات' },
  Berrechid: { fr: 'Berrechid', ar: 'برشيد' },
  Khemisset: { fr: 'Khémisset', ar: 'الخميسات' },
  Inezgane: { fr: 'Inezgane', ar: 'إنزكان' },
  'Ksar El Kebir': { fr: 'Ksar El Kébir', ar: 'القصر الكبير' },
  Larache: { fr: 'Larache', ar: 'العرائش' },
  Guelmim: { fr: 'Guelmim', ar: 'كلميم' },
  Khenifra: { fr: 'Khénifra', ar: 'خنيفرة' },
  Berkane: { fr: 'Berkane', ar: 'بركان' },
  Dakhla: { fr: 'Dakhla', ar: 'الداخلة' },
  Taourirt: { fr: 'Taourirt', ar: 'تاوريرت' },
  Bouskoura: { fr: 'Bouskoura', ar: 'بوسكورة' },
  'Fquih Ben Salah': { fr: 'Fquih Ben Salah', ar: 'الفقيه بن صالح' },
  'Oued Zem': { fr: 'Oued Zem', ar: 'وادي زم' },
  'Kelaa des Sraghna': { fr: 'El Kelaâ des Sraghna', ar: 'قلعة السراغنة' },
  'Sidi Slimane': { fr: 'Sidi Slimane', ar: 'سيدي سليمان' },
  Errachidia: { fr: 'Errachidia', ar: 'الرشيدية' },
  Guercif: { fr: 'Guercif', ar: 'جرسيف' },
  'Oulad Teima': { fr: 'Ouled Teïma', ar: 'أولاد تايمة' },
  'Ben Guerir': { fr: 'Benguerir', ar: 'ابن جرير' },
  Tiflet: { fr: 'Tiflet', ar: 'تيفلت' },
  Taroudant: { fr: 'Taroudant', ar: 'تارودانت' },
  Sefrou: { fr: 'Sefrou', ar: 'صفرو' },
  Essaouira: { fr: 'Essaouira', ar: 'الصويرة' },
  Fnideq: { fr: 'Fnideq', ar: 'الفنيدق' },
  'Sidi Kacem': { fr: 'Sidi Kacem', ar: 'سيدي قاسم' },
  Tiznit: { fr: 'Tiznit', ar: 'تيزنيت' },
  'Tan-Tan': { fr: 'Tan-Tan', ar: 'طانطان' },
  Ouarzazate: { fr: 'Ouarzazate', ar: 'ورزازات' },
  'Souk El Arbaa': { fr: 'Souk El Arbaâ', ar: 'سوق أربعاء الغرب' },
  Youssoufia: { fr: 'Youssoufia', ar: 'اليوسفية' },
  Martil: { fr: 'Martil', ar: 'مرتيل' },
  Skhirat: { fr: 'Skhirat', ar: 'الصخيرات' },
  Ouazzane: { fr: 'Ouezzane', ar: 'وزان' },
  Benslimane: { fr: 'Benslimane', ar: 'بنسليمان' },
  Smara: { fr: 'Smara', ar: 'السمارة' },
  'Al Hoceima': { fr: 'Al Hoceïma', ar: 'الحسيمة' },
  "M'diq": { fr: "M'diq", ar: 'المضيق' },
  Midelt: { fr: 'Midelt', ar: 'ميدلت' },
  Azrou: { fr: 'Azrou', ar: 'أزرو' },
  'Sidi Bennour': { fr: 'Sidi Bennour', ar: 'سيدي بنور' },
  'Kasba Tadla': { fr: 'Kasba Tadla', ar: 'قصبة تادلة' },
  Boujad: { fr: 'Boujad', ar: 'أبي الجعد' },
  Jerada: { fr: 'Jerada', ar: 'جرادة' },
  Chefchaouen: { fr: 'Chefchaouen', ar: 'شفشاون' },
  Boujdour: { fr: 'Boujdour', ar: 'بوجدور' },
  Tinghir: { fr: 'Tinghir', ar: 'تنغير' },
  'El Aioun': { fr: 'El Aïoun', ar: 'العيون الشرقية' },
  Azemmour: { fr: 'Azemmour', ar: 'أزمور' },
  Zagora: { fr: 'Zagora', ar: 'زاكورة' },
  Imzouren: { fr: 'Imzouren', ar: 'إمزورن' },
  'Sidi Yahya El Gharb': { fr: 'Sidi Yahya El Gharb', ar: 'سيدي يحيى الغرب' },
  Biougra: { fr: 'Biougra', ar: 'بيوكرى' },
  Taounate: { fr: 'Taounate', ar: 'تاونات' },
  Zaio: { fr: 'Zaïo', ar: 'زايو' },
  'El Hajeb': { fr: 'El Hajeb', ar: 'الحاجب' },
  Asilah: { fr: 'Asilah', ar: 'أصيلة' },
  Azilal: { fr: 'Azilal', ar: 'أزيلال' },
  Bouznika: { fr: 'Bouznika', ar: 'بوزنيقة' },
  'Ait Ourir': { fr: 'Aït Ourir', ar: 'أيت أورير' },
  Bouarfa: { fr: 'Bouarfa', ar: 'بوعرفة' },
  Missour: { fr: 'Missour', ar: 'ميسور' },
  Erfoud: { fr: 'Erfoud', ar: 'أرفود' },
  'Sidi Ifni': { fr: 'Sidi Ifni', ar: 'سيدي إفني' },
  Rissani: { fr: 'Rissani', ar: 'الريصاني' },
  Tata: { fr: 'Tata', ar: 'طاطا' },
  Chichaoua: { fr: 'Chichaoua', ar: 'شيشاوة' },
  Assa: { fr: 'Assa', ar: 'آسا' },
  Driouch: { fr: 'Driouch', ar: 'الدريوش' },
  Ifrane: { fr: 'Ifrane', ar: 'إفران' },
  "Kelaat M'Gouna": { fr: "Kelaat M'Gouna", ar: 'قلعة مكونة' },
  Figuig: { fr: 'Figuig', ar: 'فجيج' },
  Saidia: { fr: 'Saïdia', ar: 'السعيدية' },
  Tarfaya: { fr: 'Tarfaya', ar: 'طرفاية' },
};

/** Other spellings people type for a city of the list, beyond accents, case and punctuation. */
const CITY_ALIASES: Readonly<Record<string, string>> = {
  Fez: 'Fes',
  Tanger: 'Tangier',
  Marrakesh: 'Marrakech',
  'Oujda-Angad': 'Oujda',
  'El Aaiun': 'Laayoune',
  'Ad Dakhla': 'Dakhla',
  'El Kelaa des Sraghna': 'Kelaa des Sraghna',
  'El Kelaa des Srarhna': 'Kelaa des Sraghna',
  Ouezzane: 'Ouazzane',
  Semara: 'Smara',
  Tifelt: 'Tiflet',
  Skhirate: 'Skhirat',
  Tineghir: 'Tinghir',
  Fnidq: 'Fnideq',
  'Sidi Qacem': 'Sidi Kacem',
  'Qasbat Tadla': 'Kasba Tadla',
  Arfoud: 'Erfoud',
  'Kalaat MGouna': "Kelaat M'Gouna",
  'Fkih Ben Salah': 'Fquih Ben Salah',
  'بن جرير': 'Ben Guerir',
  'ابن سليمان': 'Benslimane',
  'سوق الأربعاء': 'Souk El Arbaa',
  'العيون سيدي ملوك': 'El Aioun',
  'أبو الجعد': 'Boujad',
};

/**
 * 'Ksar el-Kébir ' and 'KSAR EL KEBIR' meet at 'ksarelkebir'; 'القصر الكبير' and 'القَصْر
 * الكبير' meet too. Arabic loses its short vowels (harakat) and the tatweel, and the letters
 * people write interchangeably become one: أ إ آ → ا (NFD splits the hamza or madda off, which
 * the mark range then removes), ة → ه, ى → ي.
 */
function normalizeCityName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a')
    .toLowerCase()
    .replace(/[^a-z0-9\u0621-\u064a]/g, '');
}

const citiesByKey = new Map<string, City>(
  cities.map((city) => [normalizeCityName(city.city), city]),
);
for (const city of cities) {
  const names = CITY_NAMES[city.city];
  if (!names) continue;
  for (const name of [names.fr, names.ar]) {
    const key = normalizeCityName(name);
    // A canonical name always wins over another language's.
    if (!citiesByKey.has(key)) citiesByKey.set(key, city);
  }
}
for (const [alias, name] of Object.entries(CITY_ALIASES)) {
  const city = citiesByKey.get(normalizeCityName(name));
  if (city) citiesByKey.set(normalizeCityName(alias), city);
}

/**
 * The city of the list that `name` designates, whatever its case, accents, spacing or
 * punctuation, or a common other spelling (Fez, Tanger), in English, French or Arabic
 * ('Fès', 'فاس'); undefined when there is none.
 */
export function findCity(name: string): City | undefined {
  return citiesByKey.get(normalizeCityName(name));
}

/**
 * How a reader of `locale` names a city of the list: 'Tangier' is 'Tanger' in French and
 * 'طنجة' in Arabic. English shows the canonical name as given; a name outside the list is
 * returned as is.
 */
export function cityLabel(name: string, locale: Locale): string {
  if (locale === 'en') return name;
  const city = findCity(name);
  return (city && CITY_NAMES[city.city]?.[locale]) ?? name;
}

export const cityNames: readonly string[] = cities
  .map((city) => city.city)
  .sort((a, b) => a.localeCompare(b, 'en'));

const cityNamesByLocale = new Map<Locale, readonly string[]>([['en', cityNames]]);

/**
 * The canonical names in the alphabetical order of their names in `locale`: what a city list
 * offers a French or Arabic reader (Tanger among the T, طنجة after صفرو).
 */
export function cityNamesSortedFor(locale: Locale): readonly string[] {
  let sorted = cityNamesByLocale.get(locale);
  if (!sorted) {
    const collator = new Intl.Collator(locale);
    sorted = [...cityNames].sort((a, b) =>
      collator.compare(cityLabel(a, locale), cityLabel(b, locale)),
    );
    cityNamesByLocale.set(locale, sorted);
  }
  return sorted;
}

/**
 * The cities whose name in any language, or one of its other spellings, contains `text` (case,
 * accents, harakat and punctuation ignored): how a search box finds "Casablanca" from "casa",
 * "Fès" from "fez" or "الدار البيضاء" from "البيضاء".
 */
export function findCitiesContaining(text: string): City[] {
  const key = normalizeCityName(text);
  if (!key) return [];
  const found = new Set<City>();
  for (const [name, city] of citiesByKey) if (name.includes(key)) found.add(city);
  return [...found];
}
