/**
 * The columns of a parcel spreadsheet (docs/decisions/0021-shippers-api.md, "Imports"): one
 * template for CSV and XLSX, its English column names those of the API's fields, each with the
 * French and Arabic headers also accepted, and the API field (dotted path of ParcelInput) it fills.
 */
export interface ImportColumn {
  /** The template's header, and the column's name in every answer. */
  name: string;
  /** The ParcelInput field it fills (`receiver.phone`). */
  field: string;
  numeric?: boolean;
  /** Other headers that mean it (French, Arabic), compared as normalizeHeader does. */
  aliases: readonly string[];
  /** The template's example row. */
  example: string;
}

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { name: 'reference', field: 'reference', aliases: ['référence', 'المرجع'], example: 'CMD-1001' },
  {
    name: 'receiver_name',
    field: 'receiver.name',
    aliases: ['nom_destinataire', 'destinataire', 'اسم المستلم'],
    example: 'Salma Idrissi',
  },
  {
    name: 'receiver_phone',
    field: 'receiver.phone',
    aliases: ['téléphone_destinataire', 'téléphone', 'هاتف المستلم'],
    example: '0612345678',
  },
  {
    name: 'receiver_address',
    field: 'receiver.address',
    aliases: ['adresse_destinataire', 'adresse', 'عنوان المستلم'],
    example: '12 rue Ibn Battouta, Agdal',
  },
  {
    name: 'receiver_city',
    field: 'receiver.city',
    aliases: ['ville_destinataire', 'ville', 'مدينة المستلم'],
    example: 'Rabat',
  },
  {
    name: 'receiver_email',
    field: 'receiver.email',
    aliases: ['email_destinataire', 'e-mail', 'بريد المستلم'],
    example: 'salma@example.ma',
  },
  {
    name: 'sender_city',
    field: 'sender.city',
    aliases: ['ville_expéditeur', 'مدينة المرسل'],
    example: 'Casablanca',
  },
  {
    name: 'sender_address',
    field: 'sender.address',
    aliases: ['adresse_expéditeur', 'عنوان المرسل'],
    example: '5 boulevard Zerktouni',
  },
  {
    name: 'weight_kg',
    field: 'weight',
    numeric: true,
    aliases: ['poids_kg', 'poids', 'الوزن (كغ)', 'الوزن'],
    example: '2.5',
  },
  {
    name: 'length_cm',
    field: 'dimensions.length',
    numeric: true,
    aliases: ['longueur_cm', 'longueur', 'الطول (سم)', 'الطول'],
    example: '30',
  },
  {
    name: 'width_cm',
    field: 'dimensions.width',
    numeric: true,
    aliases: ['largeur_cm', 'largeur', 'العرض (سم)', 'العرض'],
    example: '20',
  },
  {
    name: 'height_cm',
    field: 'dimensions.height',
    numeric: true,
    aliases: ['hauteur_cm', 'hauteur', 'الارتفاع (سم)', 'الارتفاع'],
    example: '15',
  },
  {
    name: 'cod_amount_mad',
    field: 'codAmount',
    numeric: true,
    aliases: ['montant_à_encaisser_mad', 'contre_remboursement', 'المبلغ عند الاستلام (درهم)'],
    example: '350',
  },
  {
    name: 'fee_paid_by',
    field: 'feePaidBy',
    aliases: ['frais_payés_par', 'الرسوم على'],
    example: 'sender',
  },
  {
    name: 'declared_value_mad',
    field: 'declaredValue',
    numeric: true,
    aliases: ['valeur_déclarée_mad', 'القيمة المصرح بها (درهم)'],
    example: '400',
  },
  { name: 'priority', field: 'priority', aliases: ['priorité', 'الأولوية'], example: 'normal' },
  {
    name: 'cargo_type',
    field: 'cargoType',
    aliases: ['type_de_marchandise', 'نوع البضاعة'],
    example: 'general',
  },
  { name: 'description', field: 'description', aliases: ['الوصف'], example: 'Two books' },
  { name: 'notes', field: 'notes', aliases: ['remarques', 'ملاحظات'], example: 'Call first' },
];

/**
 * A header as compared: case, accents, harakat, spaces and punctuation ignored
 * ('Poids (kg)' and 'poids_kg' are one).
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
}

const columnsByHeader = new Map<string, ImportColumn>(
  IMPORT_COLUMNS.flatMap((column) =>
    [column.name, ...column.aliases].map((header) => [normalizeHeader(header), column] as const),
  ),
);

/** The column a header names, in English, French or Arabic; undefined for an unknown one. */
export function findImportColumn(header: string): ImportColumn | undefined {
  return columnsByHeader.get(normalizeHeader(header));
}

const columnsByField = new Map(IMPORT_COLUMNS.map((column) => [column.field, column.name]));
/** A field the schema reports as a whole (`receiver`, `dimensions`) is shown on its first column. */
const WHOLE_FIELDS: Readonly<Record<string, string>> = {
  receiver: 'receiver_name',
  dimensions: 'length_cm',
  sender: 'sender_city',
};

/** The column of an API field error (`receiver.phone` → `receiver_phone`); `row` for the rest. */
export function columnOfField(field: string): string {
  return columnsByField.get(field) ?? WHOLE_FIELDS[field] ?? 'row';
}
