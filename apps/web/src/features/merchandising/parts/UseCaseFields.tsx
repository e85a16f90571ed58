/** The use case's own fields (its products are chosen on its screen). */
import { IntegerField, SelectField, SwitchField, TextAreaField, TextField } from '../../../ui/fields';

type Option = { value: string; label: string };

export function UseCaseFields({ kindOptions, storeOptions, categoryOptions }: { kindOptions: Option[]; storeOptions: Option[]; categoryOptions: Option[] }) {
  return (
    <>
      <TextField name="name" label="Name" required autoFocus />
      <SelectField name="use_case" label="Kind" required options={kindOptions} />
      <SelectField name="store_id" label="Store" clearable numeric options={storeOptions} placeholder="Every store" />
      <SelectField name="category_id" label="Category" clearable numeric options={categoryOptions} placeholder="Any category" />
      <IntegerField name="min_in_stock" label="Products in stock, at least" min={0} max={200} description="Fewer in stock and the use case is low (Low Merchandising Use Case report)." />
      <SwitchField name="is_active" label="Active" />
      <TextAreaField name="description" label="Description" rows={3} />
    </>
  );
}
