/**
 * Field messages in words, for server and browser alike: zod's own texts ("Invalid input: expected
 * number, received undefined") never reach a user. A schema's own message (`.max(200, '…')`) wins;
 * this map words every check that has none. Installed once when the contracts are imported.
 */
import { z } from 'zod';
import { countText } from './format.js';

const n = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? countText(Number(v)) : String(v));

/** The raw issue as zod hands it to an error map (its input included). */
type Issue = z.core.$ZodRawIssue;

export function fieldMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      const expected = String(issue.expected);
      if (issue.input === undefined || issue.input === null) return expected === 'array' ? 'Choose at least one' : 'Required';
      if (expected === 'int') return 'Enter a whole number';
      if (expected === 'number') return 'Enter a number';
      if (expected === 'string') return 'Enter text';
      if (expected === 'boolean') return 'Choose yes or no';
      if (expected === 'array') return 'Give a list';
      if (expected === 'object') return 'Give an object';
      return 'This value has the wrong type';
    }
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string') return Number(min) <= 1 ? 'Required' : `At least ${n(min)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return Number(min) <= 1 ? 'Choose at least one' : `Choose at least ${n(min)}`;
      if (Number(min) === 0) return issue.inclusive === false ? 'Must be more than 0' : 'Cannot be negative';
      return issue.inclusive === false ? `Must be more than ${n(min)}` : `At least ${n(min)}`;
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return `At most ${n(max)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `At most ${n(max)} items`;
      return issue.inclusive === false ? `Must be less than ${n(max)}` : `At most ${n(max)}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address';
      if (issue.format === 'url') return 'Enter a URL (https://…)';
      if (issue.format === 'uuid') return 'Not a valid id';
      if (issue.format === 'datetime' || issue.format === 'date') return 'Enter a date';
      return 'Not in the expected format';
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? 'Enter a whole number' : `Must be a multiple of ${n(issue.divisor)}`;
    case 'invalid_value':
      return issue.values.length <= 8 ? `Choose one of: ${issue.values.map(String).join(', ')}` : 'Choose a value from the list';
    case 'unrecognized_keys':
      return 'Unknown field';
    case 'invalid_union':
      return 'This value is not valid here';
    case 'invalid_key':
    case 'invalid_element':
      return 'Contains a value that is not valid';
    default:
      return undefined;
  }
}

let installed = false;
/** Makes `fieldMessage` zod's error map for every schema (idempotent). */
export function installFieldMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => fieldMessage(issue) });
}
installFieldMessages();
