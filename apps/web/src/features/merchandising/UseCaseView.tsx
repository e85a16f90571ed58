/**
 * Merchandising Use Case, one item: what it is, whether enough of its products are in stock, and its
 * products in order — added by search, moved, removed. Each change is saved at once (the server
 * writes the list whole, audited, and refuses a stale version).
 */
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { isAllowed, USE_CASE_MAX_PRODUCTS, type MerchandisingUseCase } from '@qm/contracts';
import { errorMessage } from '../../lib/api';
import { useResourceItem, useResourceMutations } from '../../lib/resource';
import { usePermissions } from '../../lib/session';
import { confirmDialog } from '../../ui/ConfirmDialog';
import { BooleanBadge, CodeDisplay, Fact, IntegerDisplay } from '../../ui/displays';
import { EditorLoading, EditorRoute } from '../../ui/Editor';
import { IconButton } from '../../ui/IconButton';
import { IconTrash } from '../../ui/icons';
import { moved, MoveButtons } from '../../ui/MoveButtons';
import { PageHeader } from '../../ui/PageHeader';
import { ProductSearchSelect } from '../catalog/parts/ProductSearchSelect';
import { updateBody, useCases } from './api';
import { alertDialog } from '../../ui/ConfirmDialog';
import { StockBadge } from './parts/StockBadge';

export default function UseCaseViewScreen() {
  return <EditorRoute noun="use case">{(id) => <UseCaseView key={id} id={id} />}</EditorRoute>;
}

function UseCaseView({ id }: { id: number }) {
  const canWrite = isAllowed(['merchandising.write'], usePermissions());
  const item = useResourceItem<MerchandisingUseCase>(useCases, id);
  const { update } = useResourceMutations(useCases);
  const u = item.data;
  if (!u) return <EditorLoading query={item} noun="use case" />;

  const save = (productIds: number[], done: string) =>
    update.mutate(
      { id: u.id, values: updateBody(u, { product_ids: productIds }) },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: done }),
        onError: (e) => alertDialog('Not saved', errorMessage(e)),
      },
    );
  const ids = u.products.map((p) => p.product_id);

  return (
    <>
      <PageHeader
        title={u.name}
        description={
          <Anchor component={Link} to="/merchandising-use-case" size="sm">
            ← Merchandising Use Case
          </Anchor>
        }
        actions={
          <Group gap="xs">
            <Button variant="default" component={Link} to={`/report/merchandising?filter[use_case_id]=${u.id}`}>
              Sales of its products
            </Button>
            {canWrite ? (
              <Button component={Link} to={`/merchandising-use-case?edit=${u.id}`}>
                Edit
              </Button>
            ) : null}
          </Group>
        }
      />
      <Paper withBorder radius="sm" p="sm" mb="sm">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" verticalSpacing="sm">
          <Fact label="Kind">{u.use_case_name ?? u.use_case}</Fact>
          <Fact label="Store">{u.store_name ?? 'Every store'}</Fact>
          <Fact label="Category">{u.category_name ?? 'Any'}</Fact>
          <Fact label="In stock">
            <StockBadge useCase={u} />
          </Fact>
          <Fact label="Target in stock">
            <IntegerDisplay value={u.min_in_stock} />
          </Fact>
          <Fact label="Status">
            <Badge size="sm" radius="sm" variant="light" color={u.is_active ? 'teal' : 'gray'}>
              {u.is_active ? 'Active' : 'Paused'}
            </Badge>
          </Fact>
        </SimpleGrid>
        {u.description ? (
          <Text size="sm" mt="sm" c="dimmed">
            {u.description}
          </Text>
        ) : null}
      </Paper>
      <Paper withBorder radius="sm" p="sm">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={2} size="h5">
            Products featured: {u.products.length}
          </Title>
          {canWrite ? <ProductSearchSelect label="Add a product" placeholder="Add a product: title or SKU" exclude={ids} disabled={update.isPending || ids.length >= USE_CASE_MAX_PRODUCTS} onPick={(p) => save([...ids, p.id], `${p.title ?? `Product #${p.id}`} added`)} /> : null}
        </Group>
        {!u.products.length ? (
          <Text size="sm" c="dimmed">
            No products yet{canWrite ? ': add them by title or SKU.' : '.'}
          </Text>
        ) : (
          <Table fz="sm" verticalSpacing={4} striped="even" aria-label="Products featured">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Brand</Table.Th>
                <Table.Th ta="right">On hand</Table.Th>
                <Table.Th>In stock</Table.Th>
                {canWrite ? <Table.Th w={110}><VisuallyHidden>Actions</VisuallyHidden></Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {u.products.map((p, i) => {
                const name = p.title ?? `Product #${p.product_id}`;
                return (
                  <Table.Tr key={p.product_id}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/product/${p.product_id}`} size="sm">
                        {name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <CodeDisplay value={p.sku} />
                    </Table.Td>
                    <Table.Td>{p.brand_name ?? '—'}</Table.Td>
                    <Table.Td ta="right">
                      <IntegerDisplay value={p.on_hand} />
                    </Table.Td>
                    <Table.Td>
                      <BooleanBadge value={p.in_stock} trueLabel="In stock" falseLabel="Out of stock" />
                    </Table.Td>
                    {canWrite ? (
                      <Table.Td>
                        <Group gap={2} wrap="nowrap" justify="flex-end">
                          <MoveButtons index={i} count={ids.length} name={name} disabled={update.isPending} onMove={(to) => save(moved(ids, i, to), `${name} moved`)} />
                          <IconButton
                            label={`Remove ${name}`}
                            color="red"
                            disabled={update.isPending}
                            onClick={() =>
                              void confirmDialog({ title: 'Remove product', message: `Remove ${name} from ${u.name}?`, confirmLabel: 'Remove' }).then(
                                (ok) => ok && save(ids.filter((x) => x !== p.product_id), `${name} removed`),
                              )
                            }
                          >
                            <IconTrash size={14} />
                          </IconButton>
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </>
  );
}
