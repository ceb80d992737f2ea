import { addStrings } from '../../../i18n/add-strings';
import strings from '../../../i18n/en/planning.json';

/* The planning screen's words, with its code (docs/decisions/0006-what-the-landing-page-loads.md). */
addStrings('planning', strings);
