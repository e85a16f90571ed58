// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReportDefinition, ReportFilter } from '@qm/contracts';
import { renderAt } from '../../test/render';
import { ReportFilters } from './ReportView';

const day = (key: string, label: string, def: string | null = null): ReportFilter => ({ key, label, kind: 'date', options: null, default: def });
const definition = (filters: ReportFilter[]): ReportDefinition => ({ name: 't', title: 'T', filters, groups: [], default_group: null, columns: { '': [] }, default_sort: 'id', chart: null, sync_export_rows: 1000 });

function bar(filters: ReportFilter[], query = '') {
  const params = new URLSearchParams(query);
  renderAt(<ReportFilters def={definition(filters)} params={params} update={(change) => change(params)} />);
  return params;
}
const type = (label: string, text: string) => {
  const el = screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
  el.focus();
  fireEvent.input(el, { target: { value: text } });
  return el;
};

afterEach(cleanup);

describe('a report’s days', () => {
  it('from and to are one range, its default shown, each day typed as MM/DD/YYYY', () => {
    const params = bar([day('from', 'Placed from', '2026-11-04'), day('to', 'Placed to')]);
    expect((screen.getByLabelText('Dates from', { selector: 'input' }) as HTMLInputElement).value).toBe('11/04/2026');
    type('Dates to', '12/01/2026');
    expect(params.get('filter[to]')).toBe('2026-12-01');
    expect(screen.queryByLabelText('Placed to', { selector: 'input' })).toBeNull();
  });

  it('a day alone is one field, not a range with a second box that does nothing', () => {
    const params = bar([day('as_of', 'As of')], 'filter[as_of]=2026-06-30');
    const field = screen.getByLabelText('As of', { selector: 'input' }) as HTMLInputElement;
    expect(field.value).toBe('06/30/2026');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    type('As of', '07/01/2026');
    expect(params.get('filter[as_of]')).toBe('2026-07-01');
    type('As of', '');
    expect(params.has('filter[as_of]')).toBe(false);
  });
});
