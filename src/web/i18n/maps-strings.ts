import { addStrings } from './add-strings';
import strings from './en/maps.json';

/* The maps' words, loaded with the maps' code (docs/decisions/0006-what-the-landing-page-loads.md). */
addStrings('maps', strings);
