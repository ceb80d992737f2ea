import { addStrings } from '../../i18n/add-strings';
import strings from '../../i18n/en/receiver.json';

/* The receiver's page words, loaded with its code only (app/router.tsx). */
addStrings('receiver', strings);
