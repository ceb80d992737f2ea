import { addStrings } from '../../i18n/add-strings';
import strings from '../../i18n/en/live.json';

/* The live indicator's words, one set for both signed-in areas, loaded with its code. */
addStrings('live', strings);
