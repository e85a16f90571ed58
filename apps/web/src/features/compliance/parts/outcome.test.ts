import { describe, expect, it } from 'vitest';
import { US_STATES } from '@qm/contracts';
import { statesText, whereText } from './outcome';

describe('where a rule applies, in words', () => {
  it('names a few states, and says "Every state" of a federal rule with what else it names', () => {
    expect(statesText(['CA', 'NY'])).toBe('CA, NY');
    expect(statesText([...US_STATES])).toBe('Every state');
    expect(statesText([...US_STATES, 'DC'])).toBe('Every state, DC');
    expect(statesText(US_STATES.filter((s) => s !== 'TX'))).toMatch(/^AL, AK, .*, WY$/);
  });
  it('adds zip code groups and exceptions', () => {
    expect(whereText({ states: ['IL'], zip_code_groups: [{ id: 1, name: 'Chicago' }], except_states: [], except_zip_code_groups: [] } as never)).toBe('IL · Chicago');
    expect(whereText({ states: ['AK'], zip_code_groups: [], except_states: [], except_zip_code_groups: [{ id: 2, name: 'Alaska road system' }] } as never)).toBe('AK · except Alaska road system');
  });
});
