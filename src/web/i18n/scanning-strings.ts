import { addStrings } from './add-strings';
import strings from './en/scanning.json';

/* The scanner's words and its screens' (driver and office), loaded with the scanner's code. */
addStrings('scanning', strings);
