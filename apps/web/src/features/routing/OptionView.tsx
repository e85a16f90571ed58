/** Order Route Options, one option: its sources' totals, lines and fees, and why each item went where. */
import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { OrderRouteOptionListItem, OrderRouteOptionVendorTotalListItem } from '@qm/contracts';
import { useResourceItem, useResourceList } from '../../lib/resource';
import { CodeDisplay, Fact, IntegerDisplay, MoneyDisplay } from '../../ui/displays';
import { EditorLoading, EditorRoute } from '../../ui/Editor';
import { PageHeader } from '../../ui/PageHeader';
import { routeOptions, vendorTotals } from './api';
import { DeltaText } from './parts/display';
import { SourceDetail, SourceTotals } from './parts/facts';
import { formatCents } from '../../lib/format';

export default function OrderRouteOptionScreen() {
  return <EditorRoute noun="route option">{(id) => <View key={id} id={id} />}</EditorRoute>;
}

function View({ id }: { id: number }) {
  const q = useResourceItem<OrderRouteOptionListItem>(routeOptions, id);
  const totals = useResourceList<OrderRouteOptionVendorTotalListItem>(vendorTotals, new URLSearchParams({ 'filter[option_id]': String(id), per_page: '100', sort: 'id' }));
  const o = q.data;
  if (!o) return <EditorLoading query={q} noun="option" />;
  return (
    <>
      <PageHeader title={`Option ${o.rank}: ${o.description}`} item={`Option ${o.rank} of route #${o.route_id}`} />
      <Stack gap="sm">
        <Paper withBorder radius="sm" p="sm">
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
            <Fact label="Route"><Anchor component={Link} to={`/order-route/${o.route_id}`} size="sm">Route #{o.route_id}</Anchor></Fact>
            <Fact label="Order"><CodeDisplay value={o.order_number} to={`/order/${o.order_id}`} /></Fact>
            <Fact label="Total">{o.is_feasible ? <MoneyDisplay cents={o.total_cents} /> : '—'} <DeltaText cents={o.delta_to_best_cents} /></Fact>
            <Fact label="Shipments"><IntegerDisplay value={o.shipments} /></Fact>
            <Fact label="State">
              <Group gap={4}>
                <Badge size="sm" radius="sm" variant="light" color={o.is_feasible ? 'blue' : 'red'}>{o.is_feasible ? 'Feasible' : 'Infeasible'}</Badge>
                {o.is_chosen ? <Badge size="sm" radius="sm" color="teal">Chosen</Badge> : null}
              </Group>
            </Fact>
          </SimpleGrid>
          {o.infeasible_reason ? <Text size="sm" mt="sm">{o.infeasible_reason}</Text> : null}
          {o.delta_to_next_cents !== null ? <Text size="xs" c="dimmed" mt="xs">The next option costs {formatCents(o.delta_to_next_cents)} more.</Text> : null}
        </Paper>
        {o.explanation.length ? (
          <Paper withBorder radius="sm" p="sm">
            <Title order={2} size="h5" mb="xs">Why each item went where</Title>
            <List size="sm" spacing={2}>{o.explanation.map((e, i) => <List.Item key={i}>{e}</List.Item>)}</List>
          </Paper>
        ) : null}
        {totals.data?.data.length ? (
          <Paper withBorder radius="sm" p="sm">
            <Title order={2} size="h5" mb="xs">Per source</Title>
            <SourceTotals totals={totals.data.data} />
            {totals.data.data.map((t) => (
              <div key={t.id}>
                <Title order={3} size="h6" mt="sm" mb={4}>{t.source_name}</Title>
                <SourceDetail total={t} />
              </div>
            ))}
          </Paper>
        ) : null}
      </Stack>
    </>
  );
}
