/**
 * A new product (`/product/new`): title, type, variation type, brand, categories, image, notes and its
 * first variants, created together (`POST product`). Exactly one variant is the default: choosing one
 * clears the others at once.
 */
import './styles';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Radio, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormProvider, useFieldArray, useForm, type Path } from 'react-hook-form';
import { FormSchemaProvider } from '../../../ui/formSchema';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ProductCreate, isAllowed } from '@qm/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { usePermissions } from '../../../lib/session';
import { DecimalField, IntegerField, MoneyField, MultiSelectField, SelectField, TextAreaField, TextField, UpcField } from '../../../ui/fields';
import { IconAlert, IconArrowLeft, IconPlus, IconTrash } from '../../../ui/icons';
import { IconButton } from '../../../ui/IconButton';
import { ErrorState } from '../../../ui/states';
import { useUnsavedChangesGuard } from '../../../ui/unsavedChanges';
import { useBrandOptions, useCategoryOptions, useCreateProduct } from '../api';
import { typeOptions, variationOptions } from './options';
import { unitsLabel } from './VariantsTab';
import { TableHead } from '../../../ui/TableHead';

type Values = z.input<typeof ProductCreate>;
const emptyVariant = (isDefault: boolean) => ({ sku: '', upc: '', units_per_package: undefined as unknown as number, cost_cents: null, weight_oz: null, is_default: isDefault });

export function NewProduct() {
  const navigate = useNavigate();
  const canWrite = isAllowed(['catalog.write'], usePermissions());
  const brands = useBrandOptions();
  const categories = useCategoryOptions();
  const createProduct = useCreateProduct();
  const form = useForm<Values, unknown, z.output<typeof ProductCreate>>({
    resolver: zodResolver(ProductCreate),
    defaultValues: { title: '', type: 'physical', variation_type: 'rounds', brand_id: null, category_ids: [], image: '', notes: '', variants: [emptyVariant(true)] },
    mode: 'onTouched',
  });
  const variants = useFieldArray({ control: form.control, name: 'variants' });
  const [problem, setProblem] = useState<string | null>(null);
  const { isDirty, isSubmitting } = form.formState;
  useUnsavedChangesGuard(isDirty && !isSubmitting);
  const variationType = form.watch('variation_type');
  const rows = form.watch('variants') ?? [];
  const defaultIndex = rows.findIndex((v) => v.is_default);

  if (!canWrite) return <ErrorState error={new Error('Creating products needs the catalogue write permission.')} title="Not allowed" />;

  const setDefault = (index: number) => {
    // Exactly one default: the others are cleared at once.
    rows.forEach((_, i) => form.setValue(`variants.${i}.is_default`, i === index, { shouldDirty: true }));
  };

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    const body = { ...values, image: values.image || undefined, title: values.title || undefined };
    try {
      const created = await createProduct.mutateAsync(body);
      form.reset(form.getValues());
      notifications.show({ color: 'teal', message: `Product ${created.title ?? `#${created.id}`} created` });
      navigate(`/product/${created.id}`, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        for (const [f, m] of Object.entries(e.fields)) form.setError(f as Path<Values>, { type: 'server', message: m }, { shouldFocus: true });
      }
      setProblem(e instanceof ApiError && Object.keys(e.fields).length ? `Not created: ${e.message}` : errorMessage(e));
    }
  });

  return (
    <FormProvider {...form}>
      <FormSchemaProvider schema={ProductCreate}>
      <form onSubmit={submit} noValidate aria-label="New product">
        <Group justify="space-between" align="flex-end" mb="sm">
          <div>
            <Anchor component={Link} to="/product" size="xs" c="dimmed">
              <Group gap={4} component="span">
                <IconArrowLeft size={12} /> Products
              </Group>
            </Anchor>
            <Title order={1} size="h3" fw={600}>
              New product
            </Title>
          </div>
          <Group gap="xs">
            <Button variant="default" onClick={() => navigate('/product')} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Create product
            </Button>
          </Group>
        </Group>
        <Stack gap="sm">
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert" title="Not created">
              {problem}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <Paper withBorder radius="sm" p="sm">
              <Stack gap="sm">
                <TextField name="title" label="Title" required autoFocus placeholder="e.g. Federal American Eagle 9mm Luger 115 gr FMJ" />
                <Group grow>
                  <SelectField name="type" label="Type" required options={typeOptions} />
                  <SelectField name="variation_type" label="Variation type" required options={variationOptions} />
                </Group>
                <SelectField name="brand_id" label="Brand" numeric clearable options={brands.options} placeholder="No brand" />
              </Stack>
            </Paper>
            <Paper withBorder radius="sm" p="sm">
              <Stack gap="sm">
                <MultiSelectField name="category_ids" label="Categories" numeric options={categories.options} placeholder="Choose categories" />
                <TextField name="image" label="Image URL" type="url" placeholder="https://… (leave empty for the default image)" />
                <TextAreaField name="notes" label="Notes" rows={2} />
              </Stack>
            </Paper>
          </SimpleGrid>
          <Paper withBorder radius="sm" p="sm">
            <Group justify="space-between" mb="xs">
              <div>
                <Text fw={600} size="sm">
                  Variants
                </Text>
                <Text size="xs" c="dimmed">
                  The packages it is sold in. One is the default.
                </Text>
              </div>
              <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => variants.append(emptyVariant(rows.length === 0))}>
                Add variant
              </Button>
            </Group>
            <Radio.Group value={defaultIndex >= 0 ? String(defaultIndex) : null} onChange={(v) => setDefault(Number(v))} aria-label="Default variant">
              <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" aria-label="New variants" className="qm-inner-table qm-cell-fields">
                <TableHead cells={[{ label: 'Default', w: 70 }, { label: 'SKU', w: '26%' }, { label: 'UPC', w: '17%' }, unitsLabel(variationType), { label: 'Cost', w: 140 }, { label: 'Weight', w: 130 }, { label: 'Remove', srOnly: true, w: 40 }]} />
                <Table.Tbody>
                  {variants.fields.map((f, i) => (
                    <Table.Tr key={f.id} style={{ verticalAlign: 'top' }}>
                      <Table.Td pt={12}>
                        <Radio value={String(i)} size="xs" aria-label={`Variant ${i + 1} is the default`} />
                      </Table.Td>
                      <Table.Td>
                        <TextField name={`variants.${i}.sku`} label={`SKU of variant ${i + 1}`} required />
                      </Table.Td>
                      <Table.Td>
                        <UpcField name={`variants.${i}.upc`} label={`UPC of variant ${i + 1}`} />
                      </Table.Td>
                      <Table.Td>
                        <IntegerField name={`variants.${i}.units_per_package`} label={`${unitsLabel(variationType)} of variant ${i + 1}`} required min={1} max={100000} />
                      </Table.Td>
                      <Table.Td>
                        <MoneyField name={`variants.${i}.cost_cents`} label={`Cost of variant ${i + 1}`} />
                      </Table.Td>
                      <Table.Td>
                        <DecimalField name={`variants.${i}.weight_oz`} label={`Weight of variant ${i + 1}`} unit="oz" />
                      </Table.Td>
                      <Table.Td pt={10}>
                        <IconButton
                          color="gray"
                          size="md"
                          label={`Remove variant ${i + 1}`}
                          onClick={() => {
                            const wasDefault = rows[i]?.is_default;
                            variants.remove(i);
                            if (wasDefault) setTimeout(() => form.setValue('variants.0.is_default', true), 0);
                          }}
                        >
                          <IconTrash size={14} />
                        </IconButton>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Radio.Group>
          </Paper>
        </Stack>
      </form>
      </FormSchemaProvider>
    </FormProvider>
  );
}
