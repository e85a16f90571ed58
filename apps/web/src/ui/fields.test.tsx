// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { Name } from '@qm/contracts';
import { queryClient } from '../lib/queryClient';
import { renderAt } from '../test/render';
import { DateField, IntegerField, MoneyField, TextField } from './fields';
import { ResourceForm } from './ResourceForm';
import * as apiModule from '../lib/api';

const Schema = z
  .object({
    name: Name,
    cost_cents: z.number().int().min(0).max(100_000_000).nullable(),
    units: z.number().int().min(1).max(100_000),
    count: z.number().int(),
  })
  .strict();

function form(onSubmit: (values: unknown) => Promise<unknown> = vi.fn(async () => undefined)) {
  renderAt(
    <ResourceForm opened onClose={() => {}} title="Thing" noun="thing" schema={Schema} defaultValues={{ name: '', cost_cents: null, units: 1, count: undefined as unknown as number }} onSubmit={onSubmit}>
      <TextField name="name" label="Name" required />
      <MoneyField name="cost_cents" label="Cost" />
      <IntegerField name="units" label="Rounds per package" />
      <IntegerField name="count" label="Count" />
    </ResourceForm>,
  );
  return onSubmit;
}
const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' }) as HTMLInputElement;
const type = (el: HTMLInputElement, text: string) => {
  el.focus();
  fireEvent.input(el, { target: { value: text } });
};

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('number fields keep what was typed and show the rule', () => {
  it('a negative cost keeps its minus and says it cannot be negative; nothing is saved', async () => {
    const submit = form();
    const cost = input('Cost');
    type(cost, '-5');
    await waitFor(() => expect(cost.value).toBe('-5'));
    expect(screen.getByText('Cannot be negative')).toBeTruthy();
    fireEvent.input(input('Name'), { target: { value: 'Federal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Cannot be negative').length).toBeGreaterThan(0));
    expect(submit).not.toHaveBeenCalled();
  });

  it('0 rounds per package stays 0 and says the minimum', async () => {
    form();
    const units = input('Rounds per package');
    type(units, '0');
    await waitFor(() => expect(units.value).toBe('0'));
    expect(screen.getByText('At least 1')).toBeTruthy();
  });

  it('a missing number says "Required" in words, never the validator\'s text', async () => {
    form();
    fireEvent.input(input('Name'), { target: { value: 'Federal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Required');
    expect(document.body.textContent).not.toMatch(/Invalid input|expected number/);
  });
});

describe('text fields and their maximum length (from the schema)', () => {
  it('counts characters near the limit and refuses 201 with the rule, without cutting the text', async () => {
    const submit = form();
    const name = input('Name');
    fireEvent.input(name, { target: { value: 'x'.repeat(170) } });
    expect(await screen.findByText('170 of at most 200 characters')).toBeTruthy();
    fireEvent.input(name, { target: { value: 'x'.repeat(201) } });
    expect(name.value).toHaveLength(201);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('server refusals on the form', () => {
  const answer = (status: number, error: Record<string, unknown>) => {
    const { ApiError } = apiModule;
    return new ApiError(status, String(error.code), String(error.message), error.fields as Record<string, string>, error.holders as never);
  };

  it('a value in use marks the field and links the record that holds it', async () => {
    form(async () => {
      throw answer(409, { code: 'conflict', message: 'A brand with this name already exists: Federal', fields: { name: 'A brand with this name already exists: Federal' }, holders: { name: { id: 7, label: 'Federal', path: '/brand?edit=7' } } });
    });
    fireEvent.input(input('Name'), { target: { value: 'federal' } });
    fireEvent.input(input('Count'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const link = await screen.findByRole('link', { name: 'Open Federal' });
    expect(link.getAttribute('href')).toBe('/brand?edit=7');
    expect(screen.getByText(/A brand with this name already exists: Federal/)).toBeTruthy();
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('a version conflict offers Reload; a reference conflict says what the server said', async () => {
    let next = answer(409, { code: 'stale_version', message: 'x' });
    form(async () => {
      throw next;
    });
    fireEvent.input(input('Name'), { target: { value: 'Federal' } });
    fireEvent.input(input('Count'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else saved this thing first/)).toBeTruthy();
    next = answer(409, { code: 'in_use', message: 'This brand is still in use by other records and cannot be deleted' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This brand is still in use by other records and cannot be deleted')).toBeTruthy();
    expect(screen.queryByText(/Someone else saved/)).toBeNull();
  });
});

describe('a day is typed one way, MM/DD/YYYY, in forms and filters alike', () => {
  const DaySchema = z.object({ starts_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable() }).strict();
  function dayForm(starts_on: string | null) {
    const submit = vi.fn(async () => undefined);
    renderAt(
      <ResourceForm opened onClose={() => {}} title="Holiday" noun="holiday" schema={DaySchema} defaultValues={{ starts_on }} onSubmit={submit}>
        <DateField name="starts_on" label="First day" />
      </ResourceForm>,
    );
    return submit;
  }

  it('shows a stored day as MM/DD/YYYY and saves what was typed as YYYY-MM-DD', async () => {
    const submit = dayForm('2026-07-04');
    const day = input('First day');
    expect(day.value).toBe('07/04/2026');
    type(day, '12/24/2026');
    await waitFor(() => expect(day.value).toBe('12/24/2026'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect((submit.mock.calls[0] as unknown[])[0]).toEqual({ starts_on: '2026-12-24' });
  });

  it('a day not on the calendar says so, is not taken for the old one and is not saved', async () => {
    const submit = dayForm('2026-07-04');
    const day = input('First day');
    type(day, '02/30/2026');
    expect(await screen.findByText('Not a day of the calendar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('Not a day of the calendar')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
    type(day, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect((submit.mock.calls[0] as unknown[])[0]).toEqual({ starts_on: null });
  });

  it('half a day says how to finish it once the field is left', async () => {
    dayForm(null);
    const day = input('First day');
    type(day, '03/1');
    expect(screen.queryByText('Type the whole date, MM/DD/YYYY')).toBeNull();
    fireEvent.blur(day);
    expect(await screen.findByText('Type the whole date, MM/DD/YYYY')).toBeTruthy();
  });
});
