import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ageText, hoursText } from './age';

describe('ages in words', () => {
  it('days and hours, hours and minutes, minutes', () => {
    const now = '2025-03-10T12:00:00Z';
    expect(ageText('2025-03-07T08:00:00Z', now)).toBe('3 d 4 h');
    expect(ageText('2025-03-10T06:48:00Z', now)).toBe('5 h 12 min');
    expect(ageText('2025-03-10T11:52:00Z', now)).toBe('8 min');
    expect(ageText('2025-03-11T11:52:00Z', now)).toBe('0 min');
    expect(hoursText(4)).toBe('4.0 h');
    expect(hoursText(9.96)).toBe('10 h');
    expect(hoursText(50)).toBe('50 h');
    expect(hoursText(71.6)).toBe('72 h');
    expect(hoursText(1209.7)).toBe('1,210 h');
    expect(hoursText(null)).toBe('');
  });

  it('the parts add back up to the whole minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (minutes) => {
        const now = Date.parse('2025-03-10T12:00:00Z');
        const text = ageText(new Date(now - minutes * 60_000).toISOString(), new Date(now).toISOString());
        const m = /^(?:(\d+) d (\d+) h|(\d+) h (\d+) min|(\d+) min)$/.exec(text);
        expect(m).not.toBeNull();
        const [, d, dh, h, hm, mm] = m!;
        if (d !== undefined) expect(Number(d) * 1440 + Number(dh) * 60).toBe(minutes - (minutes % 60));
        else if (h !== undefined) expect(Number(h) * 60 + Number(hm)).toBe(minutes);
        else expect(Number(mm)).toBe(minutes);
      }),
    );
  });
});
