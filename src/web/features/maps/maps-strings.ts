import { addStrings } from '../../i18n/add-strings';
import strings from '../../i18n/en/maps.json';

/* The maps' words, loaded with the maps' code (docs/decisions/0006-what-the-landing-page-loads.md). */
addStrings('maps', strings);
