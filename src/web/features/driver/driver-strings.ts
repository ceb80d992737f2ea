import { addStrings } from '../../i18n/add-strings';
import strings from '../../i18n/en/driver.json';

/* Imported for its effect by the driver page's modules: its words load with its code. */
addStrings('driver', strings);
